import { describe, expect, it } from 'vitest';
import { lotTimeline, type RecordedLotEvent } from '../src/lotTimeline.ts';

const event = (
  type: string,
  at: number,
  data: Record<string, unknown> = {},
  commandId = `c${at}`,
): RecordedLotEvent => ({
  type,
  data,
  meta: { commandId, at },
});

describe('lotTimeline', () => {
  it('judges each bid against the end that stood before its command, extensions included', () => {
    const timeline = lotTimeline([
      event('LotOpened', 0, { endsAt: 1000 }),
      event('BidPlaced', 900, { isAutoBid: false }, 'a'),
      event('LotExtended', 900, { endsAt: 61_000 }, 'a'),
      event('BidPlaced', 5000, { isAutoBid: false }, 'b'),
      event('LotClosed', 61_120, { early: false }),
    ]);
    expect(timeline.lateBids).toEqual([]);
    expect(timeline.manualBids).toEqual(
      new Map([
        ['a', 1],
        ['b', 1],
      ]),
    );
    expect(timeline.closingLagMs).toBe(120);
    expect(timeline.closed).toBe(true);
  });

  it('reports a bid at or after the end, and any bid after the close', () => {
    const timeline = lotTimeline([
      event('LotOpened', 0, { endsAt: 1000 }),
      event('BidPlaced', 1000, { isAutoBid: false }, 'at-end'),
      event('LotClosed', 1001, { early: false }),
      event('BidPlaced', 999, { isAutoBid: false }, 'after-close'),
    ]);
    expect(timeline.lateBids.map((b) => b.commandId)).toEqual(['at-end', 'after-close']);
  });

  it('counts a command recorded twice, ignores automatic answers, and has no lag for an early close', () => {
    const timeline = lotTimeline([
      event('LotOpened', 0, { endsAt: 10_000 }),
      event('BidPlaced', 1, { isAutoBid: false }, 'x'),
      event('BidPlaced', 1, { isAutoBid: true }, 'x'),
      event('BidPlaced', 2, { isAutoBid: false }, 'x'),
      event('LotClosed', 3, { early: true }),
    ]);
    expect(timeline.manualBids.get('x')).toBe(2);
    expect(timeline.closingLagMs).toBeNull();
    expect(timeline.closed).toBe(true);
  });
});
