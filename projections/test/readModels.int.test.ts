import { lotStreamId, START, saveCheckpoint, standing } from '@auction/engine';
import { describe, expect, it } from 'vitest';
import {
  applyEvents,
  type LotRows,
  lotRowsFromStream,
  PROJECTIONS_SUBSCRIPTION,
  readLotRows,
  rebuildProjections,
  verifyReadModels,
} from '../src/index.ts';
import { loadLotRefs } from '../src/tables.ts';
import { bidder, configFor, createLot, openLot, send, snapshot, useRunningProjections } from './dbFixtures.ts';
import { EXTENDING, HOUR, MINUTE, NOW } from './lotStream.ts';

const { fixture, runner } = useRunningProjections();

async function rowsOf(lotId: number): Promise<LotRows> {
  const rows = (await readLotRows(fixture.database.db, [lotId])).get(lotId);
  if (!rows) throw new Error(`lot ${lotId} has no view`);
  return rows;
}

/** The replay of the lot's stream through the engine: the rows the read models must hold. */
async function replayOf(lotId: number) {
  const refs = await loadLotRefs(fixture.database.db, [lotId]);
  const ref = refs.get(lotId);
  if (!ref) throw new Error(`lot ${lotId} has no lots row`);
  return lotRowsFromStream(ref, await fixture.store.readStream(lotStreamId(lotId)));
}

const standingBids = (rows: LotRows) => rows.bids.filter((b) => !b.removed);

describe('projecting the lot streams into the read models', () => {
  it('projects every event type', async () => {
    const { handler } = fixture;
    const [alice, bob, carol] = [bidder(), bidder(), bidder()];
    const lot = await openLot(fixture, EXTENDING);
    const max = await send(handler, lot, { type: 'PlaceMaxBid', bidderId: alice, maxAmount: 20_00 }, { at: NOW + 1 });
    await send(handler, lot, { type: 'PlaceBid', bidderId: bob, amount: 15_00 }, { at: NOW + 2 });
    await send(handler, lot, { type: 'PlaceMaxBid', bidderId: alice, maxAmount: 30_00 }, { at: NOW + 3 });
    await send(handler, lot, { type: 'PlaceMaxBid', bidderId: carol, maxAmount: 25_00 }, { at: NOW + 4 });
    await send(handler, lot, { type: 'DeleteMaxBid', bidderId: carol }, { at: NOW + 5 });
    await runner.caughtUp();
    let rows = await rowsOf(lot);
    expect(rows.view).toMatchObject({ status: 2, price: 26_00, leaderId: alice, bidCount: 5 });
    expect(rows.view.bidderIds).toEqual([alice, bob, carol]);
    expect(rows.maxBids).toEqual([{ lotId: lot, bidderId: alice, maxAmount: 30_00, placedAt: NOW + 3 }]);
    expect(standingBids(rows).map((b) => [b.bidderId, b.amount, b.isAutoBid, b.sourceCommandId])).toEqual([
      [alice, 10_00, true, max.commandId],
      [bob, 15_00, false, expect.any(String)],
      [alice, 16_00, true, max.commandId],
      [carol, 25_00, true, expect.any(String)],
      [alice, 26_00, true, max.commandId],
    ]);

    await send(handler, lot, { type: 'PlaceBid', bidderId: bob, amount: 40_00 }, { at: NOW + HOUR - MINUTE });
    await send(handler, lot, { type: 'HideLot' }, { at: NOW + HOUR });
    await runner.caughtUp();
    rows = await rowsOf(lot);
    expect(rows.view).toMatchObject({
      price: 40_00,
      leaderId: bob,
      isHidden: true,
      endsAt: NOW + HOUR + 2 * MINUTE,
      initialEndsAt: NOW + HOUR,
    });

    await send(handler, lot, { type: 'ShowLot' }, { at: NOW + HOUR });
    await send(handler, lot, { type: 'RepriceLot', minimumIncrement: 2_00 }, { at: NOW + HOUR });
    await send(handler, lot, { type: 'RescheduleLot', endsAt: NOW + 2 * HOUR }, { at: NOW + HOUR });
    await send(handler, lot, { type: 'CloseLot' }, { at: NOW + 2 * HOUR });
    await runner.caughtUp();
    rows = await rowsOf(lot);
    const stream = await fixture.store.readStream(lotStreamId(lot));
    expect(rows.view).toMatchObject({
      status: 5,
      winnerId: bob,
      isHidden: false,
      endsAt: NOW + 2 * HOUR,
      initialEndsAt: NOW + 2 * HOUR,
      closedAt: NOW + 2 * HOUR,
      streamVersion: stream.length,
      lastEventAt: NOW + 2 * HOUR,
    });
    expect(rows).toEqual(await replayOf(lot));

    const fixed = await openLot(fixture, { type: 'fixedPrice', multiSaleQuantity: 10 });
    const buy = await send(handler, fixed, { type: 'BuyItem', bidderId: alice, quantity: 2 }, { at: NOW + 7 });
    await send(handler, fixed, { type: 'BuyItem', bidderId: bob, quantity: 3 }, { at: NOW + 8 });
    const early = await openLot(fixture);
    await send(handler, early, { type: 'CloseLotEarly' }, { at: NOW + 9 });
    await runner.caughtUp();
    const fixedRows = await rowsOf(fixed);
    expect(fixedRows.view).toMatchObject({ soldQuantity: 5, price: null, status: 2 });
    expect(fixedRows.purchases[0]).toEqual({
      lotId: fixed,
      purchaseId: buy.commandId,
      bidderId: alice,
      quantity: 2,
      unitPrice: 25_00,
      purchasedAt: NOW + 7,
    });
    expect((await rowsOf(early)).view).toMatchObject({ status: 3, winnerId: null, closedAt: NOW + 9 });
  });

  it('a redelivered batch, or the whole log again, changes nothing', async () => {
    const { pool, db } = fixture.database;
    const lot = await openLot(fixture);
    await send(fixture.handler, lot, { type: 'PlaceMaxBid', bidderId: bidder(), maxAmount: 50_00 });
    await send(fixture.handler, lot, { type: 'PlaceBid', bidderId: bidder(), amount: 20_00 });
    await runner.caughtUp();
    const before = await snapshot(db);

    const everything = await fixture.store.readAll(START, 100_000);
    const result = await db.transaction().execute((trx) => applyEvents(trx, fixture.store, everything.events));
    expect(result.applied).toBe(0);
    expect(await snapshot(db)).toEqual(before);

    // The runner finds its checkpoint moved back: it reads the whole log again and skips all of it.
    await saveCheckpoint(pool, PROJECTIONS_SUBSCRIPTION, START);
    await runner.caughtUp();
    expect(await snapshot(db)).toEqual(before);
    expect((await verifyReadModels({ pool, db })).mismatches).toEqual([]);
  });

  it('a removed manual bid and a removed max give the rows a replay gives', async () => {
    const { handler } = fixture;
    const [alice, bob, carol] = [bidder(), bidder(), bidder()];
    const manual = await openLot(fixture);
    await send(handler, manual, { type: 'PlaceMaxBid', bidderId: alice, maxAmount: 30_00 });
    const bobBid = await send(handler, manual, { type: 'PlaceBid', bidderId: bob, amount: 20_00 });
    await send(handler, manual, { type: 'PlaceBid', bidderId: carol, amount: 25_00 });
    await send(handler, manual, {
      type: 'RemoveBid',
      sourceCommandId: bobBid.commandId,
      reason: 'shill bidding',
    });

    const maxLot = await openLot(fixture);
    const aliceMax = await send(handler, maxLot, { type: 'PlaceMaxBid', bidderId: alice, maxAmount: 100_00 });
    await send(handler, maxLot, { type: 'PlaceMaxBid', bidderId: bob, maxAmount: 200_00 });
    await send(handler, maxLot, { type: 'PlaceBid', bidderId: carol, amount: 150_00 });
    await send(handler, maxLot, {
      type: 'RemoveBid',
      sourceCommandId: aliceMax.commandId,
      reason: 'shill bidding',
    });
    await runner.caughtUp();

    for (const lot of [manual, maxLot]) {
      const rows = await rowsOf(lot);
      expect(rows).toEqual(await replayOf(lot));
      const engine = standing((await handler.read(lotStreamId(lot))).state);
      expect(standingBids(rows).map((b) => [b.bidId, b.bidderId, b.amount, b.isAutoBid])).toEqual(
        engine.bids.map((b) => [b.bidId, b.bidderId, b.amount, b.isAutoBid]),
      );
      expect(rows.view).toMatchObject({ price: engine.price, leaderId: engine.leaderId, bidCount: engine.bids.length });
      expect(Object.fromEntries(rows.maxBids.map((m) => [m.bidderId, m.maxAmount]))).toEqual(engine.maxBids);
    }
    const manualRows = await rowsOf(manual);
    expect(manualRows.bids.filter((b) => b.removed).map((b) => b.sourceCommandId)).toContain(bobBid.commandId);
    expect((await rowsOf(maxLot)).maxBids.map((m) => m.bidderId)).toEqual([bob]);
  });

  it('equals a replay after concurrent bidding on several lots', async () => {
    const { handler } = fixture;
    const lots = await Promise.all(Array.from({ length: 6 }, () => openLot(fixture)));
    const bidders = Array.from({ length: 8 }, bidder);
    const commands = Array.from({ length: 400 }, (_, i) => {
      const lot = lots[i % lots.length] as number;
      const who = bidders[(i * 7) % bidders.length] as string;
      const amount = 10_00 + Math.floor(i / lots.length) * 1_00 + (i % 3) * 50;
      return i % 5 === 0
        ? send(handler, lot, { type: 'PlaceMaxBid', bidderId: who, maxAmount: amount + 5_00 }, { expectOk: false })
        : send(handler, lot, { type: 'PlaceBid', bidderId: who, amount }, { expectOk: false });
    });
    const outcomes = await Promise.all(commands);
    expect(outcomes.filter((o) => o.ok).length).toBeGreaterThan(50);
    // A few removals while bidding goes on.
    const accepted = outcomes.filter((o) => o.ok && o.events.some((e) => e.type === 'BidPlaced'));
    const removals = accepted.slice(0, 6).map((o) => {
      const streamId = o.ok ? o.events[0]?.streamId : undefined;
      return send(
        handler,
        Number(streamId?.slice('lot-'.length)),
        { type: 'RemoveBid', sourceCommandId: o.commandId, reason: 'test' },
        { expectOk: false },
      );
    });
    const lateBids = lots.map((lot, i) =>
      send(handler, lot, { type: 'PlaceBid', bidderId: bidders[i] as string, amount: 500_00 + i }, { expectOk: false }),
    );
    const [removed] = await Promise.all([Promise.all(removals), Promise.all(lateBids)]);
    expect(removed.filter((r) => r.ok).length).toBeGreaterThan(0);
    await runner.caughtUp();
    const result = await verifyReadModels(fixture.database);
    expect(result.mismatches).toEqual([]);
    expect(result.lots).toBeGreaterThanOrEqual(lots.length);
  });

  it('a rebuild from zero gives the same rows, with its progress, and the runner carries on', async () => {
    const { pool, db } = fixture.database;
    await runner.caughtUp();
    const before = await snapshot(db);
    const progress: Array<[number, number]> = [];
    const result = await rebuildProjections({ pool, db, onProgress: (done, total) => progress.push([done, total]) });
    expect(await snapshot(db)).toEqual(before);
    expect(result.lots).toBe(before.views.length);
    expect(progress[0]).toEqual([0, result.events]);
    expect(progress.at(-1)).toEqual([result.events, result.events]);

    const lot = before.views[0]?.lot_id as number;
    await send(fixture.handler, lot, { type: 'HideLot' }, { at: NOW + 3 * HOUR });
    await runner.caughtUp();
    expect((await rowsOf(lot)).view.isHidden).toBe(true);
  });

  it('a stream whose lots row comes late is projected from its whole stream once the row exists', async () => {
    const { db } = fixture.database;
    const lotId = 900_000 + Math.floor(Math.random() * 1000);
    const who = bidder();
    await send(fixture.handler, lotId, { type: 'OpenLot', config: configFor(lotId, fixture.auctionId) });
    await send(fixture.handler, lotId, { type: 'PlaceBid', bidderId: who, amount: 10_00 });
    await runner.caughtUp();
    expect((await readLotRows(db, [lotId])).size).toBe(0);
    expect((await verifyReadModels(fixture.database)).skipped).toContain(lotStreamId(lotId));

    await createLot(db, fixture.auctionId, 1, lotId);
    await send(fixture.handler, lotId, { type: 'PlaceBid', bidderId: bidder(), amount: 11_00 });
    await runner.caughtUp();
    expect(await rowsOf(lotId)).toEqual(await replayOf(lotId));
    expect((await rowsOf(lotId)).view).toMatchObject({ bidCount: 2, price: 11_00 });
  });

  it('verify reports a tampered row, column by column', async () => {
    const { pool, db } = fixture.database;
    await runner.caughtUp();
    expect((await verifyReadModels({ pool, db })).mismatches).toEqual([]);
    const lot = await openLot(fixture);
    const who = bidder();
    const bid = await send(fixture.handler, lot, { type: 'PlaceBid', bidderId: who, amount: 10_00 });
    await send(fixture.handler, lot, { type: 'PlaceMaxBid', bidderId: bidder(), maxAmount: 30_00 });
    await runner.caughtUp();
    await db.updateTable('lot_views').set({ bid_count: 7 }).where('lot_id', '=', lot).execute();
    await db.updateTable('lot_bids').set({ amount: 1 }).where('bid_id', '=', `${bid.commandId}#0`).execute();
    await db.deleteFrom('lot_max_bids').where('lot_id', '=', lot).execute();

    const progress: number[] = [];
    const { mismatches } = await verifyReadModels({ pool, db, onProgress: (done) => progress.push(done) });
    const fields = mismatches.map((m) => m.field);
    expect(fields).toHaveLength(3);
    expect(fields).toContain('lot_views.bid_count');
    expect(fields).toContain(`lot_bids[${bid.commandId}#0]`);
    expect(fields.filter((f) => f.startsWith('lot_max_bids['))).toHaveLength(1);
    expect(mismatches.find((m) => m.field === 'lot_views.bid_count')).toEqual({
      lotId: lot,
      field: 'lot_views.bid_count',
      readModel: 7,
      replay: 2,
    });
    expect(progress.length).toBeGreaterThan(0);

    await rebuildProjections({ pool, db });
    expect((await verifyReadModels({ pool, db })).mismatches).toEqual([]);
  });
});
