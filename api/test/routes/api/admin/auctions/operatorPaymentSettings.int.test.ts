import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, login } from '../../../../accounts/accountFlows.ts';
import { useTestApp } from '../../../../useTestApp.ts';

/**
 * The console's set-up form shows the receipt minimum and automatic charging, so the operator's
 * auction answer carries them (docs/console.md), and the public answer still does not.
 */
const test = useTestApp();
let admin: Record<string, string>;
beforeAll(async () => {
  admin = bearer((await login(test.app, 'admin@demo.local', 'Demo-Admin-2026!')).body.token);
});

describe("the operator's auction answer", () => {
  it('carries the payment settings as last saved; bidders see whether they are charged at the close, not the receipt minimum', async () => {
    const organization = await test.app.inject({
      method: 'POST',
      url: '/api/admin/organizations',
      headers: admin,
      payload: { name: `Fondation ${randomUUID()}` },
    });
    const urlMagicLink = `essai-${randomUUID().slice(0, 8)}`;
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/admin/auctions',
      headers: admin,
      payload: { organizationId: organization.json().id, urlMagicLink, translations: { fr: { titleShort: 'Essai' } } },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ donationReceiptMinimumCents: 2000, chargeAutomaticallyAtCompletion: false });

    const saved = await test.app.inject({
      method: 'PATCH',
      url: `/api/admin/auctions/${created.json().id}`,
      headers: admin,
      payload: { donationReceiptMinimumCents: 2500, chargeAutomaticallyAtCompletion: true, status: 3 },
    });
    // The status is not a field of the edit: the whole edit is refused and nothing changes.
    expect(saved.statusCode).toBe(400);
    const edited = await test.app.inject({
      method: 'PATCH',
      url: `/api/admin/auctions/${created.json().id}`,
      headers: admin,
      payload: { donationReceiptMinimumCents: 2500, chargeAutomaticallyAtCompletion: true },
    });
    expect(edited.json()).toMatchObject({ donationReceiptMinimumCents: 2500, chargeAutomaticallyAtCompletion: true });

    await test.app.inject({
      method: 'POST',
      url: `/api/admin/auctions/${created.json().id}/status`,
      headers: admin,
      payload: { status: 3 },
    });
    const publicAnswer = await test.app.inject({
      method: 'GET',
      url: `/api/auctions/url-magic-link?urlMagicLink=${urlMagicLink}`,
    });
    expect(publicAnswer.statusCode, publicAnswer.body).toBe(200);
    expect(publicAnswer.json()).not.toHaveProperty('donationReceiptMinimumCents');
    // Bidders are told whether their card is charged at the close: the confirmations promise it.
    expect(publicAnswer.json()).toMatchObject({ chargeAutomaticallyAtCompletion: true });
  });
});
