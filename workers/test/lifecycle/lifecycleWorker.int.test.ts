import { randomUUID } from 'node:crypto';
import { requestAuctionSchedule } from '@auction/platform';
import { describe, expect, it } from 'vitest';
import * as fixtures from '../workerFixtures.ts';

const world = fixtures.useRunningWorld();

const auctionRow = (auctionId: number) =>
  world.db.selectFrom('auctions').selectAll().where('id', '=', auctionId).executeTakeFirstOrThrow();

const lifecycleEvents = async (auctionId: number) =>
  (await fixtures.hubEvents(world, auctionId))
    .map((e) => e.event)
    .filter((name) => ['AuctionPreOpen', 'AuctionStarted', 'AuctionEnded', 'AuctionEndDateChanged'].includes(name));

describe('auction lifecycle', () => {
  it('walks Planning → PreOpen → Active → Completed at its dates, telling the hub each time', async () => {
    const t0 = Date.now();
    const { auctionId } = await fixtures.createAuction(world.db, {
      status: 1,
      datePreOpen: t0 + fixtures.SECOND,
      dateOpen: t0 + 2 * fixtures.SECOND,
      dateCompleted: t0 + 3_500,
    });
    const lotId = await fixtures.openLot(world, auctionId, { endsAt: t0 + 3 * fixtures.SECOND });
    const winner = randomUUID();
    await fixtures.bid(world, lotId, winner, 50_00);
    await requestAuctionSchedule(world.workers.lifecycle, auctionId);

    await fixtures.sleep(t0 + 500 - Date.now());
    // Read before its PreOpen date (a busy machine may have set the auction up past it), it is still Planning.
    const early = (await auctionRow(auctionId)).status;
    if (Date.now() < t0 + fixtures.SECOND) expect(early).toBe(1);
    await fixtures.eventually(async () => expect((await auctionRow(auctionId)).status).toBe(2));
    expect(Date.now()).toBeGreaterThanOrEqual(t0 + fixtures.SECOND);
    expect((await auctionRow(auctionId)).is_available).toBe(true);
    await fixtures.eventually(async () => expect((await auctionRow(auctionId)).status).toBe(3));
    expect(Date.now()).toBeGreaterThanOrEqual(t0 + 2 * fixtures.SECOND);
    const completed = await fixtures.eventually(async () => {
      const row = await auctionRow(auctionId);
      expect(row.status).toBe(4);
      return row;
    });
    expect(Date.now()).toBeGreaterThanOrEqual(t0 + 3_500);
    expect(completed.is_available).toBe(false);
    expect(completed.completed_date?.getTime()).toBeGreaterThanOrEqual(t0 + 3_500);
    // Completion waits for the winners in the read models.
    const view = await world.db
      .selectFrom('lot_views')
      .selectAll()
      .where('lot_id', '=', lotId)
      .executeTakeFirstOrThrow();
    expect(view).toMatchObject({ status: 5, winner_id: winner, price: 50_00 });
    await fixtures.eventually(async () =>
      expect(await lifecycleEvents(auctionId)).toEqual(['AuctionPreOpen', 'AuctionStarted', 'AuctionEnded']),
    );
    const ended = (await fixtures.hubEvents(world, auctionId)).find((e) => e.event === 'AuctionEnded');
    expect(ended?.data).toMatchObject({ auctionId, status: 4, dateCompleted: new Date(t0 + 3_500).toISOString() });
  });

  it('advances an overdue auction through each status at once, settling a lot that ends after it', async () => {
    const t0 = Date.now();
    const { auctionId } = await fixtures.createAuction(world.db, {
      status: 1,
      datePreOpen: t0 - 3 * fixtures.MINUTE,
      dateOpen: t0 - 2 * fixtures.MINUTE,
      dateCompleted: t0 + 1_500,
    });
    const lateLot = await fixtures.openLot(world, auctionId, { endsAt: t0 + 60 * fixtures.MINUTE });
    const winner = randomUUID();
    await fixtures.bid(world, lateLot, winner, 70_00);
    // Nobody asked for it: the recovery sweep finds it overdue.
    await world.workers.sweep();
    await fixtures.eventually(async () => expect((await auctionRow(auctionId)).status).toBe(3));
    const row = await fixtures.eventually(async () => {
      const current = await auctionRow(auctionId);
      expect(current.status).toBe(4);
      return current;
    }, 20_000);
    expect(row.completed_date?.getTime()).toBeGreaterThanOrEqual(t0 + 1_500);
    const events = await fixtures.lotEvents(world, lateLot);
    expect(events.map((e) => e.type)).toEqual(['LotOpened', 'BidPlaced', 'LotRescheduled', 'LotClosed']);
    expect(events[2]?.data).toEqual({ endsAt: t0 + 1_500 });
    expect(events[3]?.data).toMatchObject({ status: 5, winnerId: winner, price: 70_00 });
    await fixtures.eventually(async () =>
      expect(await lifecycleEvents(auctionId)).toEqual(['AuctionPreOpen', 'AuctionStarted', 'AuctionEnded']),
    );
    expect(await fixtures.closesOf(world, lateLot)).toHaveLength(1);
  });

  it('announces a moved end date and an operator status change once each, and leaves undated steps alone', async () => {
    const endsAt = Date.now() + 60 * fixtures.MINUTE;
    const { auctionId } = await fixtures.createAuction(world.db, {
      status: 3,
      dateOpen: Date.now() - fixtures.MINUTE,
      dateCompleted: endsAt,
    });
    // Two lots that copied the auction's end when they opened; the second closes before it moves.
    const extension = { step: 5, cap: 30, window: 10 };
    const open = await fixtures.openLot(world, auctionId, { endsAt, auctionEndsAt: endsAt, extension });
    const closed = await fixtures.openLot(world, auctionId, { endsAt, auctionEndsAt: endsAt, extension });
    await fixtures.send(world.handler, closed, { type: 'CloseLotEarly' });
    await requestAuctionSchedule(world.workers.lifecycle, auctionId);
    await fixtures.eventually(async () =>
      expect(
        await world.db.selectFrom('auction_lifecycle').selectAll().where('auction_id', '=', auctionId).execute(),
      ).toHaveLength(1),
    );
    const movedTo = Date.now() + 90 * fixtures.MINUTE;
    await world.db
      .updateTable('auctions')
      .set({ date_completed: new Date(movedTo) })
      .where('id', '=', auctionId)
      .execute();
    await requestAuctionSchedule(world.workers.lifecycle, auctionId);
    await requestAuctionSchedule(world.workers.lifecycle, auctionId);
    await fixtures.eventually(async () => expect(await lifecycleEvents(auctionId)).toEqual(['AuctionEndDateChanged']));
    const moved = (await fixtures.hubEvents(world, auctionId)).find((e) => e.event === 'AuctionEndDateChanged');
    expect(moved?.data).toEqual({ auctionId, dateCompleted: new Date(movedTo).toISOString() });
    const job = await world.workers.lifecycle.getJob(`transition-${auctionId}-4-${movedTo}`);
    expect(await job?.getState()).toBe('delayed');
    // The open lot's extensions now stop at the new end (rule 5's Ta), moved once for two requests;
    // the closed lot's stream is left as it was.
    const moves = async (lotId: number) =>
      (await fixtures.lotEvents(world, lotId)).filter((e) => e.type === 'AuctionEndMoved').map((e) => e.data);
    expect(await moves(open)).toEqual([{ auctionEndsAt: movedTo, previousAuctionEndsAt: endsAt }]);
    expect(await moves(closed)).toEqual([]);

    // An operator puts the auction back to PreOpen by hand, without an opening date.
    await world.db.updateTable('auctions').set({ status: 2, date_open: null }).where('id', '=', auctionId).execute();
    await requestAuctionSchedule(world.workers.lifecycle, auctionId);
    await fixtures.eventually(async () =>
      expect(await lifecycleEvents(auctionId)).toEqual(['AuctionEndDateChanged', 'AuctionPreOpen']),
    );
    await fixtures.sleep(300);
    expect((await auctionRow(auctionId)).status).toBe(2);
  });
});
