import {
  decide,
  evolve,
  initialState,
  type LotCommand,
  type LotEvent,
  type LotState,
  type RecordedEvent,
} from '@auction/engine';
import { lotConfig } from '@auction/engine/testing';
import { dateTurningRed } from '@auction/platform';
import { describe, expect, it } from 'vitest';
import { lotEndsOf } from '../src/closings/closingScheduler.ts';
import { nextTransition, statusEvent } from '../src/lifecycle/auctionTransitions.ts';
import { isTimely, notificationsOf } from '../src/notifications/lotNotifications.ts';
import { channelsFor, type NotificationPreferences } from '../src/notifications/notificationChannels.ts';

const T = Date.UTC(2026, 10, 21, 20, 0, 0);
const MINUTE = 60_000;

describe('auction transitions', () => {
  const dates = { datePreOpen: T, dateOpen: T + MINUTE, dateCompleted: T + 2 * MINUTE };
  it('go one status at a time, each at its date', () => {
    expect(nextTransition({ status: 1, ...dates })).toEqual({ from: 1, to: 2, at: T });
    expect(nextTransition({ status: 2, ...dates })).toEqual({ from: 2, to: 3, at: T + MINUTE });
    expect(nextTransition({ status: 3, ...dates })).toEqual({ from: 3, to: 4, at: T + 2 * MINUTE });
  });
  it('open a Planning auction without a pre-open date at its opening date', () => {
    expect(nextTransition({ status: 1, ...dates, datePreOpen: null })).toEqual({ from: 1, to: 3, at: T + MINUTE });
  });
  it('wait for an operator when the date is missing, and stop at Completed', () => {
    expect(nextTransition({ status: 1, datePreOpen: null, dateOpen: null, dateCompleted: T })).toBeNull();
    expect(nextTransition({ status: 2, ...dates, dateOpen: null })).toBeNull();
    expect(nextTransition({ status: 3, ...dates, dateCompleted: null })).toBeNull();
    for (const status of [4, 5, 6]) expect(nextTransition({ status, ...dates })).toBeNull();
  });
  it('name the hub event of each status reached', () => {
    expect([1, 2, 3, 4, 5, 6].map(statusEvent)).toEqual([
      null,
      'AuctionPreOpen',
      'AuctionStarted',
      'AuctionEnded',
      null,
      null,
    ]);
  });
});

describe('notification channels', () => {
  const all: NotificationPreferences = {
    smsGeneral: true,
    emailGeneral: true,
    smsOutbid: true,
    emailOutbid: true,
    organization: null,
    hasPhone: true,
    hasEmail: true,
  };
  const cases: Array<[string, Partial<NotificationPreferences>, 'outbid' | 'won', { sms: boolean; email: boolean }]> = [
    ['everything on', {}, 'outbid', { sms: true, email: true }],
    ['outbid SMS off', { smsOutbid: false }, 'outbid', { sms: false, email: true }],
    ['outbid email off', { emailOutbid: false }, 'outbid', { sms: true, email: false }],
    [
      'general off does not stop outbid',
      { smsGeneral: false, emailGeneral: false },
      'outbid',
      { sms: true, email: true },
    ],
    [
      'outbid off does not stop the winner',
      { smsOutbid: false, emailOutbid: false },
      'won',
      { sms: true, email: true },
    ],
    ['general SMS off', { smsGeneral: false }, 'won', { sms: false, email: true }],
    ['general email off', { emailGeneral: false }, 'won', { sms: true, email: false }],
    ['organisation SMS off', { organization: { sms: false, email: true } }, 'outbid', { sms: false, email: true }],
    ['organisation email off', { organization: { sms: true, email: false } }, 'won', { sms: true, email: false }],
    ['no phone', { hasPhone: false }, 'outbid', { sms: false, email: true }],
    ['no email address', { hasEmail: false }, 'won', { sms: true, email: false }],
  ];
  for (const [name, overrides, kind, expected] of cases) {
    it(`${kind}: ${name}`, () => expect(channelsFor(kind, { ...all, ...overrides })).toEqual(expected));
  }
});

const config = lotConfig({
  lotId: '7',
  auctionId: '1',
  endsAt: T,
  auctionEndsAt: T + 60 * MINUTE,
  allowsTimeExtension: true,
  extensionDurationInMinutes: 2,
  extensionDurationMaximumMinutes: 10,
  minutesLeftBeforeAllowingExtension: 5,
});

/** Runs commands through the engine's decider, recording events as the store would. */
function stream(commands: Array<Partial<LotCommand> & Pick<LotCommand, 'type'>>) {
  let state: LotState = initialState();
  const events: RecordedEvent[] = [];
  for (const [i, partial] of commands.entries()) {
    const command = { commandId: `c${i}`, userId: null, at: T - 10 * MINUTE, auctionActive: true, ...partial };
    const decision = decide(state, command as LotCommand);
    if (!decision.ok) throw new Error(`${command.type}: ${decision.reason}`);
    for (const event of decision.events) {
      state = evolve(state, event);
      events.push({ ...event, streamId: 'lot-7', streamVersion: events.length + 1, globalPosition: events.length + 1 });
    }
  }
  return events;
}

describe('bidder notifications of a lot', () => {
  it('tell the leader who lost the lead, not a leader whose max answered, and the winner at the close', () => {
    const events = stream([
      { type: 'OpenLot', config } as Partial<LotCommand> & { type: 'OpenLot' },
      { type: 'PlaceBid', bidderId: 'ann', amount: 10_00 } as never,
      { type: 'PlaceMaxBid', bidderId: 'bob', maxAmount: 20_00 } as never,
      { type: 'PlaceBid', bidderId: 'ann', amount: 15_00 } as never,
      { type: 'PlaceBid', bidderId: 'cat', amount: 25_00 } as never,
      { type: 'CloseLot', at: T } as never,
    ]);
    const { notifications } = notificationsOf(7, initialState(), events);
    expect(notifications.map((n) => [n.kind, n.bidderId])).toEqual([
      ['outbid', 'ann'],
      ['outbid', 'bob'],
      ['won', 'cat'],
    ]);
    expect(notifications[2]).toMatchObject({ price: 25_00 });
    // Keys name the command's first event: the same events give the same keys.
    const again = notificationsOf(7, initialState(), events).notifications.map((n) => n.eventKey);
    expect(again).toEqual(notifications.map((n) => n.eventKey));
    expect(new Set(again).size).toBe(3);
  });

  it('are sent only while timely: an outbid notice for 15 minutes, a winner notice for a week', () => {
    const at = T;
    const outbid = { kind: 'outbid', lotId: 7, bidderId: 'ann', eventKey: '7:2', at } as const;
    const won = { kind: 'won', lotId: 7, bidderId: 'ann', price: 1, eventKey: '7:9', at } as const;
    expect(isTimely(outbid, at + 15 * MINUTE)).toBe(true);
    expect(isTimely(outbid, at + 15 * MINUTE + 1)).toBe(false);
    expect(isTimely(won, at + 6 * 24 * 60 * MINUTE)).toBe(true);
    expect(isTimely(won, at + 8 * 24 * 60 * MINUTE)).toBe(false);
  });

  it('continue from a known state exactly as from the start', () => {
    const events = stream([
      { type: 'OpenLot', config } as never,
      { type: 'PlaceBid', bidderId: 'ann', amount: 10_00 } as never,
      { type: 'PlaceBid', bidderId: 'bob', amount: 11_00 } as never,
    ]);
    let before = initialState();
    for (const event of events.slice(0, 2)) before = evolve(before, event as unknown as LotEvent);
    expect(notificationsOf(7, before, events.slice(2)).notifications).toEqual(
      notificationsOf(7, initialState(), events).notifications,
    );
  });
});

describe('lot ends of a batch', () => {
  it('follow opens, extensions, reschedules and closes, remembering the ends left behind', () => {
    const events = stream([
      { type: 'OpenLot', config } as never,
      { type: 'PlaceBid', bidderId: 'ann', amount: 10_00, at: T - MINUTE } as never,
    ]);
    const ends = lotEndsOf(events).get(7);
    expect(ends).toMatchObject({ endsAt: T + 2 * MINUTE, previousEnds: [T], extendedAt: T - MINUTE, closed: false });
    // Still red at the new end: the scheduler does not announce it twice.
    expect(dateTurningRed(T + 2 * MINUTE, { allowsTimeExtension: true, minutesLeftBeforeAllowingExtension: 5 })).toBe(
      T - 3 * MINUTE,
    );
    const rescheduled = stream([
      { type: 'OpenLot', config } as never,
      { type: 'RescheduleLot', endsAt: T + 30 * MINUTE } as never,
    ]);
    expect(lotEndsOf(rescheduled).get(7)).toMatchObject({
      endsAt: T + 30 * MINUTE,
      previousEnds: [T],
      rescheduled: true,
      opened: true,
    });
    const closed = stream([{ type: 'OpenLot', config } as never, { type: 'CloseLot', at: T } as never]);
    expect(lotEndsOf(closed).get(7)?.closed).toBe(true);
  });
});
