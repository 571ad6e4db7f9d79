import type { Announcement, AnnouncementList } from '@auction/contract';
import { describe, expect, it } from 'vitest';
import { nextRead } from '../../../src/console/announcements/queries.ts';

const now = Date.parse('2026-11-27T20:00:00Z');
const none = { recipients: 0, sent: 0, skipped: 0, failed: 0, pending: 0 };

const announcement = (change: Partial<Announcement>): Announcement => ({
  id: 1,
  message: { en: 'Bidding closes in ten minutes.' },
  audience: 'all',
  guest: null,
  channels: ['email'],
  sentBy: 'Camille Roy',
  recordedAt: '2026-11-27T19:00:00Z',
  sendAt: null,
  minutesBeforeEnd: null,
  closingGroup: null,
  sentAt: '2026-11-27T19:00:00Z',
  cancelledAt: null,
  cancelledBy: null,
  revision: 0,
  changedAt: null,
  changedBy: null,
  delivery: { email: { ...none, recipients: 10, sent: 10 }, sms: none, push: none },
  ...change,
});

const list = (...announcements: Announcement[]): AnnouncementList => ({
  reach: {
    all: { guests: 0, email: 0, sms: 0, push: 0 },
    arrived: { guests: 0, email: 0, sms: 0, push: 0 },
    notArrived: { guests: 0, email: 0, sms: 0, push: 0 },
  },
  announcements,
});

describe('how soon the list of messages to guests is read again', () => {
  it('not at all when nothing in it can change by itself: all sent and delivered, or cancelled', () => {
    expect(nextRead(undefined, now)).toBe(false);
    expect(nextRead(list(), now)).toBe(false);
    const cancelled = announcement({
      sendAt: '2026-11-27T21:00:00Z',
      sentAt: null,
      cancelledAt: '2026-11-27T19:30:00Z',
    });
    expect(nextRead(list(announcement({}), cancelled), now)).toBe(false);
  });

  it('every 3 s while messages are on their way', () => {
    const sending = announcement({
      delivery: { email: { ...none, recipients: 10, sent: 4, pending: 6 }, sms: none, push: none },
    });
    expect(nextRead(list(announcement({}), sending), now)).toBe(3000);
  });

  it('every 30 s while one waits for its time, and at that time when it is nearer', () => {
    const inTwoHours = announcement({ sendAt: '2026-11-27T22:00:00Z', sentAt: null });
    expect(nextRead(list(inTwoHours), now)).toBe(30_000);
    const inTenSeconds = announcement({ sendAt: '2026-11-27T20:00:10Z', sentAt: null });
    expect(nextRead(list(inTwoHours, inTenSeconds), now)).toBe(10_000);
    const inOneSecond = announcement({ sendAt: '2026-11-27T20:00:01Z', sentAt: null });
    expect(nextRead(list(inOneSecond), now)).toBe(3000);
  });

  it('every 3 s from its time until it is sent; every 30 s for one whose send at once broke off', () => {
    const due = announcement({ sendAt: '2026-11-27T19:59:00Z', sentAt: null });
    expect(nextRead(list(due), now)).toBe(3000);
    const brokenOff = announcement({ sentAt: null });
    expect(nextRead(list(brokenOff), now)).toBe(30_000);
  });

  it('every 30 s while one is tied to the end of an auction that has no end date yet', () => {
    const noEndYet = announcement({ sendAt: null, minutesBeforeEnd: 10, sentAt: null });
    expect(nextRead(list(noEndYet), now)).toBe(30_000);
  });
});
