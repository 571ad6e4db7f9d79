import { randomUUID } from 'node:crypto';
import { lotStreamId } from '@auction/engine';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, registerConfirmed } from '../../api/test/accounts/accountFlows.ts';
import { acceptedBid, closeLotPastItsEnd, openLot } from '../../api/test/fixtures/lots.ts';
import type { TestApp } from '../../api/test/testApp.ts';
import { DESKTOP, expectAccessible, PHONE, screenshot, visitorContext } from './browserKit.ts';
import { withServedApp } from './servedApp.ts';

/**
 * Issue 20 item 4: an administrator removes a bid from the console after reading its preview —
 * in French on an open lot (the leader changes), in English after the close (the winner changes).
 */
let t: TestApp;
let browser: Browser;
let origin: string;
let galaId: number;

// The workers run as under `npm start`: their notifier tells both bidders of a winner changed after the close.
withServedApp(
  async (served) => {
    ({ t, origin, browser } = served);
    galaId = await t.auctionId('demo-gala');
  },
  { workers: { invoiceDelayMs: 5 * 60_000 } },
);

/** A lot of the gala where Léa bids 15 and Hugo's max of 40 answers at 16. */
async function contestedLot(names: { lea: string; hugo: string }) {
  const lotId = await openLot({ ...t, galaId });
  const lea = await registerConfirmed(t, { firstName: names.lea, lastName: 'Roy' });
  const hugo = await registerConfirmed(t, { firstName: names.hugo, lastName: 'Caron' });
  await acceptedBid(t, lotId, lea, 15);
  await acceptedBid(t, lotId, hugo, 40, true);
  const { lot_number: lotNumber } = await t.database.db
    .selectFrom('lots')
    .select('lot_number')
    .where('id', '=', lotId)
    .executeTakeFirstOrThrow();
  return { lotId, lotNumber, lea, hugo };
}

async function openRemoval(page: Page, path: string, lotNumber: number, searchLabel: string) {
  const organization = await t.database.db
    .selectFrom('auctions')
    .select('organization_id')
    .where('id', '=', galaId)
    .executeTakeFirstOrThrow();
  await page.goto(`${origin}${path}?organisation=${organization.organization_id}&encan=${galaId}&section=removal`);
  await page.getByLabel(searchLabel).fill(String(lotNumber));
  await page.locator('.console__result', { hasText: `${lotNumber} ·` }).click();
}

describe('a bid’s removal in the console', () => {
  it('shows the standing after the removal beside today’s, then records exactly it (French, open lot)', async () => {
    const { lotId, lotNumber } = await contestedLot({ lea: 'Léa', hugo: 'Hugo' });
    const admin = (await login(t.app, 'admin@demo.local', 'Demo-Admin-2026!')).body.token as string;
    const context = await visitorContext(browser, { token: admin }, DESKTOP);
    const page = await context.newPage();
    await openRemoval(page, '/console', lotNumber, 'Trouver le lot');
    await page
      .getByRole('button', { name: /^Aperçu du retrait de la mise de 16,00\s\$ faite par Hugo Caron$/ })
      .click();

    const after = page.locator('.audit__standing--after');
    await after.getByText('Léa Roy').waitFor();
    // French writes a no-break space before the dollar sign.
    await expect(after.textContent()).resolves.toMatch(/15,00\s\$/);
    await expect(page.locator('.audit__standing').first().textContent()).resolves.toContain('Hugo Caron');
    // Without a reason nothing is sent.
    await page.getByRole('button', { name: 'Retirer cette mise' }).click();
    await page.getByText('Indiquez pourquoi cette mise est retirée').waitFor();
    await expectAccessible(page, 'bid removal preview (fr)');
    await screenshot(page, 'bid-removal-fr-1280');

    await page.getByLabel('Raison du retrait').fill('Mise de test faite par erreur');
    await page.getByRole('button', { name: 'Retirer cette mise' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/^Léa Roy mènerait à 15,00\s\$ plutôt que Hugo Caron à 16,00\s\$\./).waitFor();
    await expectAccessible(page, 'bid removal confirmation (fr)');
    // The lot moves meanwhile (hidden and shown again): the confirmation is refused and asks to look again.
    for (const type of ['HideLot', 'ShowLot'] as const) {
      const moved = await t.app.lotCommands.handle(lotStreamId(lotId), {
        type,
        commandId: randomUUID(),
        userId: null,
        at: Date.now(),
        auctionActive: true,
      });
      expect(moved.ok).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Retirer la mise' }).click();
    await dialog.getByText('Le lot a changé depuis cet aperçu').waitFor();
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await page.getByRole('button', { name: 'Retirer cette mise' }).click();
    await dialog.getByRole('button', { name: 'Retirer la mise' }).click();
    await page.getByText('Mise retirée.').waitFor();
    await page.setViewportSize(PHONE);
    await screenshot(page, 'bid-removal-fr-390');

    const events = await t.app.eventStore.readStream(lotStreamId(lotId));
    const removal = events.at(-1);
    expect(removal?.type).toBe('BidRemoved');
    expect(removal?.data).toMatchObject({ reason: 'Mise de test faite par erreur', price: 15_00 });
    await context.close();
  });

  it('after the close, previews and records the new winner (English)', async () => {
    const { lotId, lotNumber, lea, hugo } = await contestedLot({ lea: 'Lea', hugo: 'Hugh' });
    await closeLotPastItsEnd(t, lotId);
    const admin = (await login(t.app, 'admin@demo.local', 'Demo-Admin-2026!')).body.token as string;
    const context = await visitorContext(browser, { token: admin }, PHONE);
    const page = await context.newPage();
    await openRemoval(page, '/en/console', lotNumber, 'Find the lot');
    await page.getByRole('button', { name: 'Preview the removal of the bid of $16.00 by Hugh Caron' }).click();
    await page.locator('.audit__standing--after').getByText('Winner').waitFor();
    await page.getByLabel('Reason for the removal').fill('Shill bidding');
    await page.getByRole('button', { name: 'Remove this bid' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Lea Roy would win at $15.00 instead of Hugh Caron at $16.00.').waitFor();
    await dialog.getByText('Both bidders will be told by email or text message.').waitFor();
    await expectAccessible(page, 'bid removal after the close (en)');
    await screenshot(page, 'bid-removal-en-390');
    await dialog.getByRole('button', { name: 'Remove the bid' }).click();
    await page.getByText('Bid removed.').waitFor();
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'bid-removal-en-1280');

    const state = await t.app.lotCommands.read(lotStreamId(lotId));
    expect((state.state as { winnerId: string | null }).winnerId).toBe(lea.id);
    // Both are told, each by email: the new winner that she won, the previous one that he no longer has.
    const won = await t.messaging.outbox.waitFor(lea.body.username, { template: 'lotWonAfterRemovalEmail' });
    const withdrawn = await t.messaging.outbox.waitFor(hugo.body.username, { template: 'lotWinWithdrawnEmail' });
    expect(won.body).toContain(String(lotNumber));
    expect(withdrawn.body).toContain(String(lotNumber));
    await context.close();
  });
});
