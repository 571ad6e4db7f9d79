import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { callAs, login } from '../../../../accounts/accountFlows.ts';
import { useTestApp } from '../../../../useTestApp.ts';

const test = useTestApp();
let adminToken: string;
let managerToken: string;

beforeAll(async () => {
  adminToken = (await login(test.app, 'admin@demo.local', 'Demo-Admin-2026!')).body.token;
  managerToken = (await login(test.app, 'manager@demo.local', 'Demo-Manager-2026!')).body.token;
});

describe("an auction's lots for the console", () => {
  it('lists every lot by number, hidden ones too, to a manager of the organisation', async () => {
    const auctionId = await test.auctionId('demo-gala');
    const first = await test.database.db
      .selectFrom('lots')
      .select('id')
      .where('auction_id', '=', auctionId)
      .orderBy('lot_number')
      .executeTakeFirstOrThrow();
    const hidden = await callAs(test.app, managerToken, 'POST', `/api/admin/lots/${first.id}/hide`, {});
    expect(hidden.statusCode, hidden.body).toBe(200);
    const lots = await callAs(test.app, managerToken, 'GET', `/api/admin/auctions/${auctionId}/lots`);
    expect(lots.statusCode).toBe(200);
    const numbers = lots.json().map((lot: { lotNumber: number }) => lot.lotNumber);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    // The read model follows the engine a moment later.
    const hiddenInList = async () => {
      const again = await callAs(test.app, managerToken, 'GET', `/api/admin/auctions/${auctionId}/lots`);
      return again.json().find((lot: { id: number; isHidden: boolean }) => lot.id === first.id)?.isHidden;
    };
    await expect.poll(hiddenInList, { timeout: 5000 }).toBe(true);
  });

  it("answers 404 for another organisation's auction", async () => {
    const organization = await callAs(test.app, adminToken, 'POST', '/api/admin/organizations', {
      name: `Fondation ${randomUUID()}`,
    });
    const auction = await callAs(test.app, adminToken, 'POST', '/api/admin/auctions', {
      organizationId: organization.json().id,
      urlMagicLink: `gala-${randomUUID().slice(0, 8)}`,
      translations: { fr: { titleShort: 'Gala' } },
    });
    expect(auction.statusCode, auction.body).toBe(201);
    const foreign = await callAs(test.app, managerToken, 'GET', `/api/admin/auctions/${auction.json().id}/lots`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('auction_not_found');
  });
});
