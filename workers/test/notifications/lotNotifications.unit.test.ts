import { evolve, initialState, type LotEvent } from '@auction/engine';
import { recordedEvents } from '@auction/engine/testing';
import { describe, expect, it } from 'vitest';
import { isTimely, notificationsOf } from '../../src/notifications/lotNotifications.ts';
import { command, MINUTE, T } from '../extendingLot.ts';

describe('bidder notifications of a lot', () => {
  it('tell the leader who lost the lead, not a leader whose max answered, and the winner at the close', () => {
    const events = recordedEvents('lot-7', [
      command.open(),
      command.bid('ann', 10_00),
      command.max('bob', 20_00),
      command.bid('ann', 15_00),
      command.bid('cat', 25_00),
      command.close(),
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

  it('tell the new winner and the previous one when a removal after the close changes the winner, else nobody', () => {
    const closed = [command.open(), command.bid('ann', 10_00, { id: 'a' }), command.bid('bob', 12_00, { id: 'b' })];
    const removeBob = recordedEvents('lot-7', [...closed, command.close(), command.remove({ sourceCommandId: 'b' })]);
    const told = notificationsOf(7, initialState(), removeBob).notifications.filter((n) => n.kind !== 'outbid');
    expect(told.map((n) => [n.kind, n.bidderId])).toEqual([
      ['won', 'bob'],
      ['wonAfterRemoval', 'ann'],
      ['winWithdrawn', 'bob'],
    ]);
    expect(told[1]).toMatchObject({ price: 10_00 });
    // Before the close a removal changes the leader, not a winner: nobody is told.
    const open = recordedEvents('lot-7', [...closed, command.remove({ sourceCommandId: 'b' })]);
    expect(notificationsOf(7, initialState(), open).notifications.map((n) => n.kind)).toEqual(['outbid']);
    // Removing the loser's bid keeps the winner: nobody is told.
    const keep = recordedEvents('lot-7', [...closed, command.close(), command.remove({ sourceCommandId: 'a' })]);
    expect(notificationsOf(7, initialState(), keep).notifications.map((n) => n.kind)).toEqual(['outbid', 'won']);
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
    const events = recordedEvents('lot-7', [command.open(), command.bid('ann', 10_00), command.bid('bob', 11_00)]);
    let before = initialState();
    for (const event of events.slice(0, 2)) before = evolve(before, event as unknown as LotEvent);
    expect(notificationsOf(7, before, events.slice(2)).notifications).toEqual(
      notificationsOf(7, initialState(), events).notifications,
    );
  });
});
