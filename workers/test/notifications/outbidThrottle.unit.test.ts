import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BidderNotification } from '../../src/notifications/lotNotifications.ts';
import {
  OUTBID_NOTICE_INTERVAL_MS,
  outbidPair,
  throttleOutbidNotices,
} from '../../src/notifications/outbidThrottle.ts';

const T = Date.UTC(2026, 10, 21, 20, 0, 0);
const SECOND = 1_000;

let version = 0;
const outbid = (bidderId: string, lotId: number, at: number): BidderNotification => ({
  kind: 'outbid',
  lotId,
  bidderId,
  eventKey: `${lotId}:${++version}`,
  at,
});
const won = (bidderId: string, lotId: number, at: number): BidderNotification => ({
  kind: 'won',
  lotId,
  bidderId,
  price: 25_00,
  eventKey: `${lotId}:${++version}`,
  at,
});

/** The notices queued when `earlier` were queued in batches before this one (memory as the notifier keeps it). */
function decide(earlier: BidderNotification[], batch: BidderNotification[]): BidderNotification[] {
  const memory = new Map<string, number>();
  for (const notice of earlier) if (notice.kind === 'outbid') memory.set(outbidPair(notice), notice.at);
  return throttleOutbidNotices(batch, (pair) => memory.get(pair)).queue;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('outbid notices throttled per bidder and lot', () => {
  it('given a notice queued for ann on lot 7, when ann is outbid again on lot 7 within 60 s, then nothing is queued', () => {
    const first = outbid('ann', 7, T);
    expect(decide([first], [outbid('ann', 7, T + 1 * SECOND)])).toEqual([]);
    expect(decide([first], [outbid('ann', 7, T + OUTBID_NOTICE_INTERVAL_MS - 1)])).toEqual([]);
  });

  it('given a notice queued for ann on lot 7, when ann is outbid again at or after 60 s, then the notice is queued', () => {
    const first = outbid('ann', 7, T);
    const atInterval = outbid('ann', 7, T + OUTBID_NOTICE_INTERVAL_MS);
    const later = outbid('ann', 7, T + 5 * OUTBID_NOTICE_INTERVAL_MS);
    expect(decide([first], [atInterval])).toEqual([atInterval]);
    expect(decide([first], [later])).toEqual([later]);
  });

  it('given a notice queued for ann on lot 7, when ann is outbid on lot 8, then that notice is queued', () => {
    const otherLot = outbid('ann', 8, T + SECOND);
    expect(decide([outbid('ann', 7, T)], [otherLot])).toEqual([otherLot]);
  });

  it('given a notice queued for ann on lot 7, when bob is outbid on lot 7, then his notice is queued', () => {
    const otherBidder = outbid('bob', 7, T + SECOND);
    expect(decide([outbid('ann', 7, T)], [otherBidder])).toEqual([otherBidder]);
  });

  it('given notices queued for ann on lot 7, when ann wins lot 7, then the winner notice is always queued', () => {
    const win = won('ann', 7, T + SECOND);
    expect(decide([outbid('ann', 7, T)], [win])).toEqual([win]);
    const wins = [won('ann', 7, T), won('ann', 7, T)];
    expect(decide([], wins)).toEqual(wins);
    // A winner notice does not hold back an outbid notice either.
    const batch = [won('ann', 9, T + SECOND), outbid('ann', 9, T + 2 * SECOND)];
    expect(decide([], batch)).toEqual(batch);
  });

  it('given one batch outbidding ann on lot 7 four times in a closing minute, then only the first and the one a minute later are queued', () => {
    const batch = [
      outbid('ann', 7, T),
      outbid('bob', 7, T + 2 * SECOND),
      outbid('ann', 7, T + 10 * SECOND),
      outbid('ann', 7, T + 59 * SECOND),
      outbid('ann', 7, T + 70 * SECOND),
      outbid('ann', 7, T + 75 * SECOND),
    ];
    const { queue, queuedAt } = throttleOutbidNotices(batch, () => undefined);
    expect(queue).toEqual([batch[0], batch[1], batch[4]]);
    // What the notifier remembers once the batch is queued: each pair's last queued notice.
    expect(queuedAt).toEqual(
      new Map([
        ['ann:7', T + 70 * SECOND],
        ['bob:7', T + 2 * SECOND],
      ]),
    );
  });

  it('given a notice timed before the last queued one (two API clocks), then it is not queued', () => {
    expect(decide([outbid('ann', 7, T)], [outbid('ann', 7, T - 3 * SECOND)])).toEqual([]);
  });

  it('decides by the notices own times, not the wall clock: a follower catching up decides as a live one did', () => {
    const first = outbid('ann', 7, T);
    const soon = outbid('ann', 7, T + 10 * SECOND);
    const late = outbid('ann', 7, T + 61 * SECOND);
    vi.useFakeTimers();
    // Live: each notice handled as it happens.
    vi.setSystemTime(T + 10 * SECOND);
    const live = decide([first], [soon]);
    vi.setSystemTime(T + 61 * SECOND);
    const liveLate = decide([first], [late]);
    // Catching up an hour later, and long after the first one, with the notices seconds apart in wall time.
    vi.setSystemTime(T + 3_600 * SECOND);
    expect(decide([first], [soon])).toEqual(live);
    expect(decide([first], [late])).toEqual(liveLate);
    expect(live).toEqual([]);
    expect(liveLate).toEqual([late]);
  });

  it('keeps the notices order and their ids', () => {
    const batch = [outbid('ann', 7, T), won('cat', 3, T), outbid('bob', 8, T)];
    expect(decide([], batch).map((n) => n.eventKey)).toEqual(batch.map((n) => n.eventKey));
  });
});
