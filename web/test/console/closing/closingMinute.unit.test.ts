import type { closingMinute } from '@auction/contract';
import { describe, expect, it } from 'vitest';
import * as closing from '../../../src/console/closing/closingMinute.ts';

const NOW = Date.parse('2026-11-23T22:00:00.000Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();

function lot(lotId: number, endsInMs: number): closingMinute.ClosingLot {
  return {
    lotId,
    lotNumber: lotId + 100,
    names: { en: `Lot ${lotId}`, fr: `Lot ${lotId}` },
    status: 2,
    isHidden: false,
    endsAt: at(endsInMs),
    closedAt: null,
    priceCents: null,
    bidCount: 0,
    leaderNickName: null,
    winnerNickName: null,
    extensions: 0,
    extendedMs: 0,
  };
}

function state(...lots: closingMinute.ClosingLot[]): closing.ClosingState {
  return closing.fromSnapshot({
    auctionId: 1,
    serverTime: at(0),
    goalCents: null,
    closingNext: lots,
    closed: [],
    recentBids: [],
  });
}

const event = (name: string, data: Record<string, unknown>) => ({ id: '1-0', event: name, data });
const bid = (lotId: number, dollars: number, endsInMs: number) =>
  event('BidReceived', {
    auctionLotItemId: lotId,
    isDelete: false,
    price: { value: dollars, currencyCode: 'CAD' },
    bidCount: 3,
    dateCompleted: at(endsInMs),
  });

describe('bids per minute', () => {
  it('counts each bid in the minute it was placed, oldest minute first, over ten minutes', () => {
    const buckets = closing.bidsPerMinute(
      [at(-1000), at(-59_000), at(-60_000), at(-9 * 60_000 - 1), at(-10 * 60_000)],
      NOW,
    );
    expect(buckets).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 1, 2]);
  });

  it('puts a bid stamped slightly ahead of the clock in the last minute and ignores unreadable times', () => {
    expect(closing.bidsPerMinute([at(2000), 'nonsense'], NOW, 3)).toEqual([0, 0, 1]);
  });
});

describe('the hub moving the closing minute', () => {
  it('shows a bid at once, with its price and count, first in the latest bids', () => {
    const next = closing.applyEvent(state(lot(1, 30_000)), bid(1, 25, 30_000), NOW);
    expect(next.minute.closingNext[0]).toMatchObject({ priceCents: 2500, bidCount: 3 });
    expect(next.minute.recentBids[0]).toMatchObject({ lotId: 1, lotNumber: 101, amountCents: 2500, placedAt: at(0) });
    expect(next.pendingEnds).toEqual({});
  });

  it('counts an extension and its length when the end moves later, settling the end the bid announced', () => {
    const bidded = closing.applyEvent(state(lot(1, 30_000)), bid(1, 25, 150_000), NOW);
    expect(bidded.pendingEnds[1]).toEqual({ endsAt: NOW + 150_000, since: NOW });
    const extended = closing.applyEvent(
      bidded,
      event('AuctionLotItemEndDateChanged', { auctionLotItemId: 1, dateCompleted: at(150_000) }),
      NOW,
    );
    expect(extended.minute.closingNext[0]).toMatchObject({ extensions: 1, extendedMs: 120_000, endsAt: at(150_000) });
    expect(extended.pendingEnds).toEqual({});
  });

  it('moves a closed lot to the closed list', () => {
    const next = closing.applyEvent(
      state(lot(1, 0), lot(2, 10_000)),
      event('AuctionLotItemClose', { auctionLotItemId: 1, status: 5 }),
      NOW,
    );
    expect(next.minute.closingNext.map((each) => each.lotId)).toEqual([2]);
    expect(next.minute.closed[0]).toMatchObject({ lotId: 1, status: 5, closedAt: at(0) });
  });

  it('ignores events of lots it does not follow', () => {
    const before = state(lot(1, 30_000));
    expect(closing.applyEvent(before, bid(9, 25, 30_000), NOW)).toBe(before);
  });

  it('keeps an announced end across a snapshot that does not show it yet, and drops it once shown', () => {
    const bidded = closing.applyEvent(state(lot(1, 30_000)), bid(1, 25, 150_000), NOW);
    expect(closing.fromSnapshot(bidded.minute, bidded).pendingEnds[1]).toBeDefined();
    const shown = { ...bidded.minute, closingNext: [lot(1, 150_000)] };
    expect(closing.fromSnapshot(shown, bidded).pendingEnds).toEqual({});
  });
});

describe('problems', () => {
  it('names a lot past its end and still open only after a few seconds', () => {
    const current = state(lot(1, -4000), lot(2, -6000), lot(3, 60_000));
    expect(closing.problemsOf(current, NOW)).toEqual([{ kind: 'overdue', lotId: 2, lotNumber: 102, lateMs: 6000 }]);
  });

  it('names an extension a bid announced that no end-date change confirmed', () => {
    const bidded = closing.applyEvent(state(lot(1, 30_000)), bid(1, 25, 150_000), NOW);
    expect(closing.problemsOf(bidded, NOW + 3000)).toEqual([]);
    expect(closing.problemsOf(bidded, NOW + 7000)).toEqual([
      { kind: 'extensionPending', lotId: 1, lotNumber: 101, lateMs: 7000 },
    ]);
  });
});

describe('the closing minute countdown', () => {
  it('reads minutes, hours, then days in the language of the screen, and counts up once late', () => {
    expect(closing.shortCountdown(59_000)).toBe('0:59');
    expect(closing.shortCountdown(61 * 60_000)).toBe('1:01:00');
    const fiveDays = 5 * 86_400_000 - 7_000;
    expect(closing.shortCountdown(fiveDays)).toBe('4 d 23:59:53');
    expect(closing.shortCountdown(fiveDays, 'fr')).toBe('4 j 23:59:53');
    expect(closing.shortCountdown(-3_000)).toBe('+0:03');
  });
});
