import { type RecordedEvent, standing } from '@auction/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareLot, lotRowsFromStream } from '../src/index.ts';
import {
  command,
  EXTENDING,
  fixedPriceConfig,
  HOUR,
  LOT,
  LotStream,
  lotConfig,
  MINUTE,
  NOW,
  projectedRows,
  projectInMemory,
} from './lotStream.ts';

const opened = (config = lotConfig()) => {
  const lot = new LotStream();
  lot.run(command.open(config));
  return lot;
};
const project = projectedRows;
const bidsOf = (lot: LotStream) =>
  project(lot)
    .bids.filter((b) => !b.removed)
    .map((b) => [b.bidderId, b.amount, b.isAutoBid]);

describe('lot_views, lot_bids, lot_max_bids and lot_purchases from each event', () => {
  it('LotOpened: an open lot with no bid, its end and initial end', () => {
    const rows = project(opened());
    expect(rows.view).toEqual({
      lotId: 1,
      auctionId: 7,
      streamVersion: 1,
      status: 2,
      isHidden: false,
      price: null,
      leaderId: null,
      winnerId: null,
      bidCount: 0,
      bidderIds: [],
      endsAt: NOW + HOUR,
      initialEndsAt: NOW + HOUR,
      soldQuantity: 0,
      closedAt: null,
      lastEventAt: NOW - HOUR,
    });
    expect(rows.bids).toEqual([]);
  });

  it('BidPlaced: price, leader, bid count, distinct bidders, and one bid row each', () => {
    const lot = opened();
    lot.run(command.bid('alice', 10_00, { id: 'b1', at: NOW + 1 }));
    lot.run(command.bid('bob', 12_00, { id: 'b2', at: NOW + 2 }));
    lot.run(command.bid('alice', 15_00, { id: 'b3', at: NOW + 3 }));
    const rows = project(lot);
    expect(rows.view).toMatchObject({
      streamVersion: 4,
      price: 15_00,
      leaderId: 'alice',
      bidCount: 3,
      bidderIds: ['alice', 'bob'],
      lastEventAt: NOW + 3,
    });
    expect(rows.bids[1]).toEqual({
      lotId: 1,
      bidId: 'b2#0',
      bidderId: 'bob',
      amount: 12_00,
      isAutoBid: false,
      isMaxBid: false,
      sourceCommandId: 'b2',
      placedAt: NOW + 2,
      streamVersion: 3,
      removed: false,
    });
  });

  it('MaxBidPlaced, MaxBidRaised, MaxBidDeleted: the current maxes, and the automatic bids', () => {
    const lot = opened();
    lot.run(command.max('alice', 20_00, { id: 'm1', at: NOW + 1 }));
    lot.run(command.bid('bob', 15_00, { id: 'b1', at: NOW + 2 }));
    expect(project(lot).maxBids).toEqual([{ lotId: 1, bidderId: 'alice', maxAmount: 20_00, placedAt: NOW + 1 }]);
    lot.run(command.max('alice', 30_00, { id: 'm2', at: NOW + 3 }));
    expect(project(lot).maxBids).toEqual([{ lotId: 1, bidderId: 'alice', maxAmount: 30_00, placedAt: NOW + 3 }]);
    expect(bidsOf(lot)).toEqual([
      ['alice', 10_00, true],
      ['bob', 15_00, false],
      ['alice', 16_00, true],
    ]);
    expect(project(lot).view).toMatchObject({ price: 16_00, leaderId: 'alice', bidCount: 3 });
    lot.run(command.deleteMax('alice', { at: NOW + 4 }));
    expect(project(lot).maxBids).toEqual([]);
    expect(project(lot).view).toMatchObject({ price: 16_00, leaderId: 'alice', bidCount: 3 });
  });

  it('LotExtended moves the end only; LotRescheduled sets both ends', () => {
    const lot = opened(lotConfig(EXTENDING));
    lot.run(command.bid('alice', 10_00, { at: NOW + HOUR - MINUTE }));
    expect(lot.events.at(-1)?.type).toBe('LotExtended');
    expect(project(lot).view).toMatchObject({ endsAt: NOW + HOUR + 2 * MINUTE, initialEndsAt: NOW + HOUR });
    lot.run(command.reschedule(NOW + 3 * HOUR));
    expect(project(lot).view).toMatchObject({ endsAt: NOW + 3 * HOUR, initialEndsAt: NOW + 3 * HOUR });
  });

  it('LotHidden and LotShown', () => {
    const lot = opened();
    lot.run(command.hide());
    expect(project(lot).view.isHidden).toBe(true);
    lot.run(command.show());
    expect(project(lot).view.isHidden).toBe(false);
  });

  it('LotClosed: won (5) with its winner, without a bid (4), early (3) without a winner', () => {
    const won = opened();
    won.run(command.bid('alice', 10_00));
    won.run(command.close({ at: NOW + HOUR + 5 }));
    expect(project(won).view).toMatchObject({ status: 5, winnerId: 'alice', price: 10_00, closedAt: NOW + HOUR + 5 });

    const unsold = opened();
    unsold.run(command.close());
    expect(project(unsold).view).toMatchObject({ status: 4, winnerId: null, price: null });

    const early = opened();
    early.run(command.bid('alice', 10_00));
    early.run(command.closeEarly({ at: NOW + 7 }));
    expect(project(early).view).toMatchObject({ status: 3, winnerId: null, price: 10_00, closedAt: NOW + 7 });
  });

  it('ItemPurchased: a purchase row and the sold quantity', () => {
    const lot = opened(fixedPriceConfig());
    lot.run(command.buy('alice', 2, { id: 'p1', at: NOW + 1 }));
    lot.run(command.buy('bob', 3, { id: 'p2', at: NOW + 2 }));
    const rows = project(lot);
    expect(rows.view).toMatchObject({ soldQuantity: 5, price: null, bidCount: 0 });
    expect(rows.purchases).toEqual([
      { lotId: 1, purchaseId: 'p1', bidderId: 'alice', quantity: 2, unitPrice: 25_00, purchasedAt: NOW + 1 },
      { lotId: 1, purchaseId: 'p2', bidderId: 'bob', quantity: 3, unitPrice: 25_00, purchasedAt: NOW + 2 },
    ]);
  });

  it('LotRepriced moves only the version', () => {
    const lot = opened();
    const before = project(lot).view;
    lot.run(command.reprice({ minimumIncrement: 5_00 }, { at: NOW + 9 }));
    expect(project(lot).view).toEqual({ ...before, streamVersion: 2, lastEventAt: NOW + 9 });
  });
});

describe('idempotency', () => {
  it('redelivered events change nothing', () => {
    const lot = opened();
    lot.run(command.max('alice', 20_00));
    lot.run(command.bid('bob', 15_00));
    const once = project(lot);
    expect(projectInMemory(LOT, lot.events, once)).toEqual(once);
    expect(projectInMemory(LOT, lot.events.slice(1, 3), once)).toEqual(once);
  });
});

describe('removals (rule 4): the rows equal a replay of the stream', () => {
  const expectReplayed = (lot: LotStream) => {
    const rows = project(lot);
    expect(compareLot(1, rows, lotRowsFromStream(LOT, lot.events))).toEqual([]);
    const engine = standing(lot.state);
    expect(rows.bids.filter((b) => !b.removed).map((b) => [b.bidId, b.bidderId, b.amount])).toEqual(
      engine.bids.map((b) => [b.bidId, b.bidderId, b.amount]),
    );
    expect(rows.view).toMatchObject({
      price: engine.price,
      leaderId: engine.leaderId,
      winnerId: engine.winnerId,
      status: engine.lotStatus,
      bidCount: engine.bids.length,
    });
    return rows;
  };

  it('a manual bid: flagged removed, and the automatic answers re-derived', () => {
    const lot = opened();
    lot.run(command.max('alice', 30_00, { id: 'm1' }));
    lot.run(command.bid('bob', 20_00, { id: 'b1' }));
    lot.run(command.bid('carol', 25_00, { id: 'c1' }));
    lot.run(command.remove({ sourceCommandId: 'b1' }));
    const rows = expectReplayed(lot);
    expect(rows.bids.find((b) => b.bidId === 'b1#0')).toMatchObject({ removed: true });
    // Bob's answer by Alice's max disappears with the bid it answered.
    expect(rows.bids.find((b) => b.bidId === 'b1#1')).toMatchObject({ removed: true, bidderId: 'alice' });
    expect(rows.view).toMatchObject({ price: 26_00, leaderId: 'alice', bidCount: 3, bidderIds: ['alice', 'carol'] });
  });

  it('a whole max: its bids go, and a bid id the recomputation reuses takes its new content', () => {
    const lot = opened();
    lot.run(command.max('alice', 100_00, { id: 'a' }));
    lot.run(command.max('bob', 200_00, { id: 'b' }));
    // b#0 was Alice's answer at 100.00; without Alice's max, b#0 is Bob's own bid at 10.00.
    lot.run(command.remove({ sourceCommandId: 'a' }));
    const rows = expectReplayed(lot);
    expect(rows.bids.find((b) => b.bidId === 'b#0')).toMatchObject({ bidderId: 'bob', amount: 10_00, removed: false });
    expect(rows.bids.find((b) => b.bidId === 'b#1')).toMatchObject({ removed: true });
    expect(rows.maxBids.map((m) => m.bidderId)).toEqual(['bob']);
    expect(rows.view).toMatchObject({ price: 10_00, leaderId: 'bob', bidCount: 1, bidderIds: ['bob'] });
  });

  it('a stage sale and its corrections: the corrected winner at the corrected price, equal to a replay', () => {
    const lot = opened();
    lot.run(command.bid('alice', 10_00, { id: 'a1' }));
    lot.run(command.liveSale('bob', 250_00, { at: NOW + 2 * HOUR }));
    expect(expectReplayed(lot).view).toMatchObject({ status: 5, winnerId: 'bob', leaderId: 'bob', price: 250_00 });
    lot.run(command.correctLiveSale('carol', 250_00, { at: NOW + 2 * HOUR + 1 }));
    expect(expectReplayed(lot).view).toMatchObject({ status: 5, winnerId: 'carol', leaderId: 'carol', price: 250_00 });
    lot.run(command.correctLiveSale('carol', 300_00, { at: NOW + 2 * HOUR + 2 }));
    expect(expectReplayed(lot).view).toMatchObject({ winnerId: 'carol', price: 300_00, closedAt: NOW + 2 * HOUR });
    // An online bid removed afterwards leaves the stage's corrected winner.
    lot.run(command.remove({ sourceCommandId: 'a1' }, { at: NOW + 3 * HOUR }));
    expect(expectReplayed(lot).view).toMatchObject({ status: 5, winnerId: 'carol', price: 300_00 });
  });

  it('after the close, the recomputed leader becomes the winner', () => {
    const lot = opened();
    lot.run(command.bid('alice', 10_00, { id: 'a1' }));
    lot.run(command.bid('bob', 12_00, { id: 'b1' }));
    lot.run(command.close());
    lot.run(command.remove({ sourceCommandId: 'b1' }, { at: NOW + 2 * HOUR }));
    expect(expectReplayed(lot).view).toMatchObject({ status: 5, winnerId: 'alice', price: 10_00 });
    lot.run(command.remove({ sourceCommandId: 'a1' }, { at: NOW + 2 * HOUR }));
    expect(expectReplayed(lot).view).toMatchObject({ status: 4, winnerId: null, price: null, bidderIds: [] });
  });

  it('incremental projection equals the replay for any history of bids, maxes, deletions and removals', () => {
    const bidders = ['alice', 'bob', 'carol', 'dave'];
    const step = fc.oneof(
      fc.record({ kind: fc.constant('bid' as const), who: fc.nat(3), amount: fc.integer({ min: 10, max: 80 }) }),
      fc.record({ kind: fc.constant('max' as const), who: fc.nat(3), amount: fc.integer({ min: 10, max: 80 }) }),
      fc.record({ kind: fc.constant('deleteMax' as const), who: fc.nat(3) }),
      fc.record({ kind: fc.constant('remove' as const), which: fc.nat(40) }),
      fc.record({ kind: fc.constant('reprice' as const), increment: fc.integer({ min: 1, max: 5 }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), fc.boolean(), (steps, close) => {
        const lot = opened();
        const accepted: string[] = [];
        steps.forEach((s, i) => {
          const id = `k${i}`;
          const at = NOW + i;
          const cmd =
            s.kind === 'bid'
              ? command.bid(bidders[s.who] as string, s.amount * 100, { id, at })
              : s.kind === 'max'
                ? command.max(bidders[s.who] as string, s.amount * 100, { id, at })
                : s.kind === 'deleteMax'
                  ? command.deleteMax(bidders[s.who] as string, { id, at })
                  : s.kind === 'reprice'
                    ? command.reprice({ minimumIncrement: s.increment * 100 }, { id, at })
                    : command.remove(
                        { sourceCommandId: accepted[s.which % Math.max(accepted.length, 1)] ?? 'none' },
                        { id, at },
                      );
          if (lot.tryRun(cmd) && (s.kind === 'bid' || s.kind === 'max')) accepted.push(id);
        });
        if (close) lot.run(command.close());
        expectReplayed(lot);
      }),
      { numRuns: 300 },
    );
  });
});

describe('verification', () => {
  it('compareLot reports each differing column and bid', () => {
    const lot = opened();
    lot.run(command.bid('alice', 10_00, { id: 'a1' }));
    const rows = project(lot);
    const tampered = structuredClone(rows);
    tampered.view.price = 99_00;
    const bid = tampered.bids[0];
    if (bid) bid.amount = 1;
    expect(compareLot(1, tampered, rows).map((m) => m.field)).toEqual(['lot_views.price', 'lot_bids[a1#0]']);
    expect(compareLot(1, null, rows)).toHaveLength(1);
  });

  it('a stream that never opened has no rows', () => {
    expect(lotRowsFromStream(LOT, [] as RecordedEvent[])).toBeNull();
  });
});
