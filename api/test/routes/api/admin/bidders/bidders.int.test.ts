import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { callAs, registerConfirmed } from '../../../../accounts/accountFlows.ts';
import { useDemoStaff } from '../../../../accounts/demoStaff.ts';
import { useTestApp } from '../../../../useTestApp.ts';

const test = useTestApp();
const staff = useDemoStaff(test, 'manager', 'volunteer');
let galaId: number;

beforeAll(async () => {
  galaId = (
    await test.database.db
      .selectFrom('auctions')
      .select('id')
      .where('url_magic_link', '=', 'demo-gala')
      .executeTakeFirstOrThrow()
  ).id;
});

const biddersUrl = (auctionId: number) => `/api/admin/auctions/${auctionId}/bidders`;

describe("an auction's bidders for its operators", () => {
  it('lists each bidder with status, STOP and arrival; a lock shows at once', async () => {
    const bidder = await registerConfirmed(test, { lastName: `Zz${randomUUID().slice(0, 6)}` });
    await test.database.db
      .insertInto('auction_bidders')
      .values({ auction_id: galaId, user_id: bidder.id, status: 2 })
      .execute();
    await test.database.db
      .insertInto('sms_opt_outs')
      .values({ phone_number: bidder.body.cellphone.replace(/\D/g, '') })
      .execute();
    const listed = await callAs(test.app, staff.manager, 'GET', biddersUrl(galaId));
    expect(listed.statusCode, listed.body).toBe(200);
    const row = listed.json().find((b: { userId: string }) => b.userId === bidder.id);
    expect(row).toMatchObject({ status: 2, hasSmsStop: true, arrivedAt: null, email: bidder.body.username });
    await callAs(test.app, staff.manager, 'PUT', `/api/auctions/${galaId}/bidders/${bidder.id}/status`, {
      status: 'Locked',
    });
    const after = await callAs(test.app, staff.manager, 'GET', biddersUrl(galaId));
    expect(after.json().find((b: { userId: string }) => b.userId === bidder.id).status).toBe(3);
  });

  it('answers 404 for an unknown auction and 403 for a volunteer', async () => {
    expect((await callAs(test.app, staff.manager, 'GET', biddersUrl(2_000_000))).statusCode).toBe(404);
    expect((await callAs(test.app, staff.volunteer, 'GET', biddersUrl(galaId))).statusCode).toBe(403);
  });
});
