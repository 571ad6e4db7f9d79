import { evolve, initialState, type LotEvent, type RecordedEvent } from '@auction/engine';
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

  describe('when a sale recorded on stage is corrected', () => {
    /** Lot 7 sold on stage to ann at 250.00, after a bid online (a live lot may take some). */
    const soldToAnn = [command.open(), command.bid('bob', 10_00), command.liveSale('ann', 250_00)];
    const correctedAt = T + 30 * MINUTE;
    /** What the bidders are told, but for outbid notices (none of which a correction makes). */
    const toldOf = (events: RecordedEvent[], before = initialState()) =>
      notificationsOf(7, before, events).notifications.filter((n) => n.kind !== 'outbid');

    it('tells the bidder it now stands at, at its price, and the one it was recorded on by mistake', () => {
      const events = recordedEvents('lot-7', [
        ...soldToAnn,
        command.correctLiveSale('bob', 250_00, { at: correctedAt }),
      ]);
      const correction = events.at(-1);
      const told = toldOf(events);
      expect(told.map((n) => [n.kind, n.bidderId])).toEqual([
        ['won', 'ann'],
        ['wonAfterCorrection', 'bob'],
        ['winWithdrawnByCorrection', 'ann'],
      ]);
      expect(told[1]).toMatchObject({ lotId: 7, price: 250_00, at: correctedAt });
      // Both sides of one correction share its key and time, as both sides of a removal do.
      expect(told[1]?.eventKey).toBe(`7:${correction?.streamVersion}`);
      expect(told[2]).toMatchObject({ eventKey: told[1]?.eventKey, at: correctedAt });
      expect(told[2]).not.toHaveProperty('price');
    });

    it('tells only the winner, at the corrected price, when only the hammer price was mistyped', () => {
      const events = recordedEvents('lot-7', [...soldToAnn, command.correctLiveSale('ann', 205_00)]);
      const told = toldOf(events);
      expect(told.map((n) => [n.kind, n.bidderId])).toEqual([
        ['won', 'ann'],
        ['wonAfterCorrection', 'ann'],
      ]);
      expect(told[0]).toMatchObject({ price: 250_00 });
      expect(told[1]).toMatchObject({ price: 205_00 });
    });

    it('tells who a correction of a correction concerns: the bidder it moves to and the one it moves from', () => {
      const first = recordedEvents('lot-7', [...soldToAnn, command.correctLiveSale('bob', 250_00)]);
      const events = recordedEvents('lot-7', [
        ...soldToAnn,
        command.correctLiveSale('bob', 250_00),
        command.correctLiveSale('cat', 240_00, { reason: 'paddle misread again' }),
      ]);
      // Read as the notifier does when the first correction was handled in an earlier batch.
      let before = initialState();
      for (const event of first) before = evolve(before, event as unknown as LotEvent);
      const told = toldOf(events.slice(first.length), before);
      expect(told.map((n) => [n.kind, n.bidderId])).toEqual([
        ['wonAfterCorrection', 'cat'],
        ['winWithdrawnByCorrection', 'bob'],
      ]);
      expect(told[0]).toMatchObject({ price: 240_00 });
      // Read from the start, each correction tells its own two bidders, under its own key.
      const all = toldOf(events).filter((n) => n.kind !== 'won');
      expect(all.map((n) => [n.kind, n.bidderId])).toEqual([
        ['wonAfterCorrection', 'bob'],
        ['winWithdrawnByCorrection', 'ann'],
        ['wonAfterCorrection', 'cat'],
        ['winWithdrawnByCorrection', 'bob'],
      ]);
      expect(all.slice(2)).toEqual(told);
      expect(new Set(all.map((n) => n.eventKey)).size).toBe(2);
    });

    it('gives the same keys when the same events are read again', () => {
      const events = recordedEvents('lot-7', [...soldToAnn, command.correctLiveSale('bob', 260_00)]);
      const keys = (told: ReturnType<typeof toldOf>) => told.map((n) => `${n.kind}:${n.eventKey}:${n.bidderId}`);
      const once = toldOf(events);
      expect(keys(toldOf(events))).toEqual(keys(once));
      // The corrected winner's notice never shares an id with the notice of the close.
      expect(new Set(keys(once)).size).toBe(once.length);
    });
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
