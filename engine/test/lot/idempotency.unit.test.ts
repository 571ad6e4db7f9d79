import { describe, expect, it } from 'vitest';
import { decide, evolve, outcomeOf, standing } from '../../src/lot/index.ts';
import { command, END, given, history, stateOf } from './given.ts';

const open = command.open();

describe('a retried command', () => {
  it('appends nothing and leaves the lot as it was', () => {
    const bid = command.bid('bob', 20_00, { id: 'b2' });
    const events = history(open, command.max('alice', 50_00, { id: 'm1' }), bid);
    const state = stateOf(events);
    given(events).when(bid).then([]);
    given(events).when(open).then([]);
    expect(decide(state, { ...bid, amount: 99_00 })).toEqual({ ok: true, events: [] });
    expect(standing(state)).toMatchObject({ price: 21_00, leaderId: 'alice' });
  });

  it('reports the first outcome, with every event it produced', () => {
    const bid = command.bid('bob', 20_00, { id: 'b2' });
    const events = history(open, command.max('alice', 50_00), bid);
    const outcome = outcomeOf(stateOf(events), 'b2');
    expect(outcome?.accepted).toBe(true);
    expect(outcome?.events.map((each) => [each.type, each.data])).toEqual([
      ['BidPlaced', expect.objectContaining({ bidderId: 'bob', amount: 20_00 })],
      ['BidPlaced', expect.objectContaining({ bidderId: 'alice', amount: 21_00 })],
    ]);
  });

  it('is still a retry after the lot closed', () => {
    const bid = command.bid('bob', 20_00, { id: 'b1' });
    given(history(open, bid, command.close()))
      .when({ ...bid, at: END + 1 })
      .then([]);
  });

  it('that was refused is decided again, since a refusal leaves no event', () => {
    const early = command.bid('bob', 5_00, { id: 'b1' });
    const state = stateOf(history(open));
    expect(decide(state, early)).toEqual({ ok: false, reason: 'bid_too_low' });
    expect(outcomeOf(state, 'b1')).toBeUndefined();
    const retried = decide(state, { ...early, amount: 10_00 });
    expect(retried.ok && retried.events.reduce(evolve, state).bidCount).toBe(1);
  });
});
