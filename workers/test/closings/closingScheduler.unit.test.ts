import { recordedEvents } from '@auction/engine/testing';
import { dateTurningRed } from '@auction/platform';
import { describe, expect, it } from 'vitest';
import { lotEndsOf } from '../../src/closings/closingScheduler.ts';
import { command, MINUTE, T } from '../extendingLot.ts';

describe('lot ends of a batch', () => {
  it('follow opens, extensions, reschedules and closes, remembering the ends left behind', () => {
    const events = recordedEvents('lot-7', [command.open(), command.bid('ann', 10_00, { at: T - MINUTE })]);
    const ends = lotEndsOf(events).get(7);
    expect(ends).toMatchObject({ endsAt: T + 2 * MINUTE, previousEnds: [T], extendedAt: T - MINUTE, closed: false });
    // Still red at the new end: the scheduler does not announce it twice.
    expect(dateTurningRed(T + 2 * MINUTE, { allowsTimeExtension: true, minutesLeftBeforeAllowingExtension: 5 })).toBe(
      T - 3 * MINUTE,
    );
    const rescheduled = recordedEvents('lot-7', [command.open(), command.reschedule(T + 30 * MINUTE)]);
    expect(lotEndsOf(rescheduled).get(7)).toMatchObject({
      endsAt: T + 30 * MINUTE,
      previousEnds: [T],
      rescheduled: true,
      opened: true,
    });
    const closed = recordedEvents('lot-7', [command.open(), command.close()]);
    expect(lotEndsOf(closed).get(7)?.closed).toBe(true);
  });
});
