import { describe, expect, it } from 'vitest';
import { callAs } from '../../../../accounts/accountFlows.ts';
import { useDemoStaff } from '../../../../accounts/demoStaff.ts';
import { otherOrganizationAuction } from '../../../../fixtures/otherOrganization.ts';
import { useTestApp } from '../../../../useTestApp.ts';

const test = useTestApp();
const staff = useDemoStaff(test, 'admin', 'manager');

describe("an auction's lots for the console", () => {
  it('lists every lot by number, hidden ones too, to a manager of the organisation', async () => {
    const auctionId = await test.auctionId('demo-gala');
    const first = await test.database.db
      .selectFrom('lots')
      .select('id')
      .where('auction_id', '=', auctionId)
      .orderBy('lot_number')
      .executeTakeFirstOrThrow();
    const hidden = await callAs(test.app, staff.manager, 'POST', `/api/admin/lots/${first.id}/hide`, {});
    expect(hidden.statusCode, hidden.body).toBe(200);
    const lots = await callAs(test.app, staff.manager, 'GET', `/api/admin/auctions/${auctionId}/lots`);
    expect(lots.statusCode).toBe(200);
    const numbers = lots.json().map((lot: { lotNumber: number }) => lot.lotNumber);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    // The read model follows the engine a moment later.
    const hiddenInList = async () => {
      const again = await callAs(test.app, staff.manager, 'GET', `/api/admin/auctions/${auctionId}/lots`);
      return again.json().find((lot: { id: number; isHidden: boolean }) => lot.id === first.id)?.isHidden;
    };
    await expect.poll(hiddenInList, { timeout: 5000 }).toBe(true);
  });

  it("answers 404 for another organisation's auction", async () => {
    const auctionId = await otherOrganizationAuction(test.app, staff.admin);
    const foreign = await callAs(test.app, staff.manager, 'GET', `/api/admin/auctions/${auctionId}/lots`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('auction_not_found');
  });
});
