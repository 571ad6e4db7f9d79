import { describe, expect, it } from 'vitest';
import { announcementSchedule, tiedEndHasPassed } from '../../src/announcements/announcementSchedule.ts';

const end = new Date('2026-11-27T23:00:00.000Z');
const open = { status: 3, endsAt: end };

describe('when an announcement goes out', () => {
  it('at once, or at the time it was given whatever the auction', () => {
    expect(announcementSchedule({ sendAt: null, minutesBeforeEnd: null }, open)).toEqual({ kind: 'now' });
    const at = new Date('2026-11-27T21:30:00.000Z');
    expect(announcementSchedule({ sendAt: at, minutesBeforeEnd: null }, { status: 5, endsAt: null })).toEqual({
      kind: 'at',
      at: at.getTime(),
    });
  });

  it("so many minutes before the auction's end as it is now, before and while bidding is open", () => {
    for (const status of [1, 2, 3]) {
      expect(announcementSchedule({ sendAt: null, minutesBeforeEnd: 10 }, { status, endsAt: end })).toEqual({
        kind: 'at',
        at: Date.parse('2026-11-27T22:50:00.000Z'),
      });
    }
    expect(announcementSchedule({ sendAt: null, minutesBeforeEnd: 10 }, { status: 3, endsAt: null })).toEqual({
      kind: 'waitingForEnd',
    });
  });

  it('never once bidding has ended, whatever the dates say', () => {
    for (const status of [4, 5, 6]) {
      expect(announcementSchedule({ sendAt: null, minutesBeforeEnd: 10 }, { status, endsAt: end })).toEqual({
        kind: 'endPassed',
      });
    }
  });

  it('is cancelled rather than sent late once the end it is tied to has come, or bidding stopped', () => {
    const tied = { sendAt: null, minutesBeforeEnd: 10 };
    const justBefore = end.getTime() - 1;
    expect(tiedEndHasPassed(tied, open, justBefore)).toBe(false);
    expect(tiedEndHasPassed(tied, open, end.getTime())).toBe(true);
    expect(tiedEndHasPassed(tied, { status: 4, endsAt: end }, justBefore)).toBe(true);
    expect(tiedEndHasPassed(tied, { status: 3, endsAt: null }, justBefore)).toBe(false);
    // One set for a time, or at once, is not tied to an end.
    expect(tiedEndHasPassed({ sendAt: new Date(justBefore), minutesBeforeEnd: null }, open, end.getTime())).toBe(false);
    expect(tiedEndHasPassed({ sendAt: null, minutesBeforeEnd: null }, { status: 4, endsAt: end }, 0)).toBe(false);
  });
});
