import { describe, expect, it } from 'vitest';
import { announcementSchedule } from '../../src/announcements/announcementSchedule.ts';

const end = new Date('2026-11-27T23:00:00.000Z');
const open = { status: 3, dateCompleted: end };

describe('when an announcement goes out', () => {
  it('at once, or at the time it was given whatever the auction', () => {
    expect(announcementSchedule({ sendAt: null, minutesBeforeEnd: null }, open)).toEqual({ kind: 'now' });
    const at = new Date('2026-11-27T21:30:00.000Z');
    expect(announcementSchedule({ sendAt: at, minutesBeforeEnd: null }, { status: 5, dateCompleted: null })).toEqual({
      kind: 'at',
      at: at.getTime(),
    });
  });

  it("so many minutes before the auction's end as it is now, before and while bidding is open", () => {
    for (const status of [1, 2, 3]) {
      expect(announcementSchedule({ sendAt: null, minutesBeforeEnd: 10 }, { status, dateCompleted: end })).toEqual({
        kind: 'at',
        at: Date.parse('2026-11-27T22:50:00.000Z'),
      });
    }
    expect(announcementSchedule({ sendAt: null, minutesBeforeEnd: 10 }, { status: 3, dateCompleted: null })).toEqual({
      kind: 'waitingForEnd',
    });
  });

  it('never once bidding has ended, whatever the dates say', () => {
    for (const status of [4, 5, 6]) {
      expect(announcementSchedule({ sendAt: null, minutesBeforeEnd: 10 }, { status, dateCompleted: end })).toEqual({
        kind: 'endPassed',
      });
    }
  });
});
