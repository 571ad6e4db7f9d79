import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { callAs, registerConfirmed } from '../../../../accounts/accountFlows.ts';
import { useDemoStaff } from '../../../../accounts/demoStaff.ts';
import { acceptedBid, openLot } from '../../../../fixtures/lots.ts';
import { useTestApp } from '../../../../useTestApp.ts';

const test = useTestApp();
const staff = useDemoStaff(test, 'manager', 'volunteer');

const snapshotUrl = (auctionId: number) => `/api/admin/auctions/${auctionId}/closing-minute`;
const projectorUrl = (auctionId: number) => `/api/auctions/${auctionId}/projector`;
const goalUrl = (auctionId: number) => `/api/admin/auctions/${auctionId}/fundraising-goal`;

/** A bidder's bid in dollars on the lot, projected before the reads. */
async function bidOn(lotId: number, dollars: number) {
  const bidder = await registerConfirmed(test);
  await acceptedBid(test, lotId, bidder, dollars);
  await test.projections.caughtUp();
  return bidder;
}

const projector = async () => (await test.app.inject({ method: 'GET', url: projectorUrl(test.galaId) })).json();

describe('the closing minute for the operators of an auction', () => {
  it('shows a bid with its bidder, the lot closing with its extension, and the projector total rising by it', async () => {
    const before = await projector();
    // Closing in 30 s with a 2-minute window: the bid falls inside it and pushes the end back.
    const lotId = await openLot(test, {
      date_completed: new Date(Date.now() + 30_000),
      allows_time_extension: true,
      extension_duration_in_minutes: 2,
      extension_duration_maximum_minutes: 10,
      minutes_left_before_allowing_extension: 2,
    });
    const bidder = await bidOn(lotId, 25);

    const snapshot = await callAs(test.app, staff.manager, 'GET', snapshotUrl(test.galaId));
    expect(snapshot.statusCode, snapshot.body).toBe(200);
    const lot = snapshot.json().closingNext.find((each: { lotId: number }) => each.lotId === lotId);
    expect(lot).toMatchObject({ bidCount: 1, priceCents: 2500, leaderNickName: bidder.body.nickName, closedAt: null });
    expect(lot.extensions).toBe(1);
    expect(lot.extendedMs).toBeGreaterThan(0);
    expect(snapshot.json().recentBids[0]).toMatchObject({ lotId, amountCents: 2500, nickName: bidder.body.nickName });

    const after = await projector();
    expect(after.raised.lotsCents - before.raised.lotsCents).toBe(2500);
    expect(after.raised.totalCents - before.raised.totalCents).toBe(2500);
    expect(after.closingNext.length).toBeGreaterThan(0);
    expect(after.languages.length).toBeGreaterThan(0);
  });

  it('counts donations, and leaves out a hidden lot as the leaderboard does', async () => {
    const before = await projector();
    const donor = await registerConfirmed(test);
    const donation = await callAs(test.app, donor.token, 'POST', '/api/auctions/donations', {
      id: `don-${randomUUID()}`,
      auctionId: test.galaId,
      amount: { value: 30, currencyCode: 'CAD' },
    });
    expect(donation.statusCode, donation.body).toBe(200);
    const lotId = await openLot(test);
    await bidOn(lotId, 15);
    const shown = await projector();
    expect(shown.raised.donationsCents - before.raised.donationsCents).toBe(3000);
    expect(shown.raised.totalCents - before.raised.totalCents).toBe(4500);

    const hidden = await callAs(test.app, staff.manager, 'POST', `/api/admin/lots/${lotId}/hide`, {});
    expect(hidden.statusCode, hidden.body).toBe(200);
    await test.projections.caughtUp();
    const after = await projector();
    expect(after.raised.lotsCents).toBe(before.raised.lotsCents);
    expect(after.closingNext.map((lot: { lotId: number }) => lot.lotId)).not.toContain(lotId);
    // The operators still follow it.
    const snapshot = await callAs(test.app, staff.manager, 'GET', snapshotUrl(test.galaId));
    expect(snapshot.json().closingNext.find((lot: { lotId: number }) => lot.lotId === lotId)).toMatchObject({
      isHidden: true,
    });
  });

  it('answers the projector when stored prices sum beyond 2^53 (bids placed before the amount ceiling)', async () => {
    const lots = [await openLot(test), await openLot(test)];
    for (const lotId of lots) await bidOn(lotId, 25);
    const { db } = test.database;
    // Two prices just under 2^53 cents, as the live demo kept from before the ceiling.
    await db
      .updateTable('lot_views')
      .set({ price: Number.MAX_SAFE_INTEGER - 1 })
      .where('lot_id', 'in', lots)
      .execute();
    try {
      const answer = await test.app.inject({ method: 'GET', url: projectorUrl(test.galaId) });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().raised).toMatchObject({
        lotsCents: Number.MAX_SAFE_INTEGER,
        totalCents: Number.MAX_SAFE_INTEGER,
      });
    } finally {
      await db.updateTable('lot_views').set({ price: 2500 }).where('lot_id', 'in', lots).execute();
    }
  });

  it('keeps the goal an operator sets, shows it on the projector, and removes it with null', async () => {
    const set = await callAs(test.app, staff.manager, 'PUT', goalUrl(test.galaId), { goalCents: 5_000_000 });
    expect(set.statusCode, set.body).toBe(200);
    expect((await projector()).goalCents).toBe(5_000_000);
    expect((await callAs(test.app, staff.manager, 'GET', snapshotUrl(test.galaId))).json().goalCents).toBe(5_000_000);
    await callAs(test.app, staff.manager, 'PUT', goalUrl(test.galaId), { goalCents: null });
    expect((await projector()).goalCents).toBeNull();
  });

  it('refuses a bad goal with 400 and changes nothing; volunteers, bidders and unknown auctions are refused', async () => {
    await callAs(test.app, staff.manager, 'PUT', goalUrl(test.galaId), { goalCents: 1_000_000 });
    for (const body of [{ goalCents: -5 }, { goalCents: 12.5 }, { goalCents: '100' }, {}, { goalCents: 100, x: 1 }]) {
      const refused = await callAs(test.app, staff.manager, 'PUT', goalUrl(test.galaId), body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    const bidder = await registerConfirmed(test);
    expect((await callAs(test.app, bidder.token, 'PUT', goalUrl(test.galaId), { goalCents: 100 })).statusCode).toBe(
      403,
    );
    expect((await callAs(test.app, staff.volunteer, 'GET', snapshotUrl(test.galaId))).statusCode).toBe(403);
    expect((await callAs(test.app, staff.manager, 'GET', snapshotUrl(2_000_000))).statusCode).toBe(404);
    expect((await test.app.inject({ method: 'GET', url: projectorUrl(2_000_000) })).statusCode).toBe(404);
    expect((await projector()).goalCents).toBe(1_000_000);
  });
});
