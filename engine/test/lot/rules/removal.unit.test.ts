import { describe, expect, it } from 'vitest';
import { command, END, event, fixedPriceConfig, given, history, lotConfig, MINUTE } from '../given.ts';

const open = command.open();
const amounts = (bids: { bidderId: string; amount: number; isAutoBid: boolean }[]) =>
  bids.map((bid) => [bid.bidderId, bid.amount, bid.isAutoBid]);

describe('rule 4: removing a bid', () => {
  const threeBids = history(
    open,
    command.bid('alice', 10_00, { id: 'b1' }),
    command.bid('bob', 12_00, { id: 'b2' }),
    command.bid('alice', 15_00, { id: 'b3' }),
  );

  it('recomputes the standing without it, and records who removed what and why', () => {
    const after = given(threeBids)
      .when(command.remove({ bidId: 'b3#0' }))
      .then([
        event.removed({ bidId: 'b3#0', bidderId: 'alice', removedCommandIds: ['b3'], price: 12_00, leaderId: 'bob' }),
      ]);
    expect(after).toMatchObject({ price: 12_00, leaderId: 'bob', bidCount: 2 });
    expect(amounts(after.bids)).toEqual([
      ['alice', 10_00, false],
      ['bob', 12_00, false],
    ]);
  });

  it('can name the bid by the command that placed it', () => {
    given(threeBids)
      .when(command.remove({ sourceCommandId: 'b2' }))
      .then([
        event.removed({ bidId: 'b2#0', bidderId: 'bob', removedCommandIds: ['b2'], price: 15_00, leaderId: 'alice' }),
      ]);
  });

  it('is refused for a bid that does not exist or is already removed', () => {
    given(threeBids)
      .when(command.remove({ bidId: 'nope#0' }))
      .then('bid_not_found');
    given(threeBids)
      .when(command.remove({ sourceCommandId: 'nope' }))
      .then('bid_not_found');
    const removedOnce = history(
      open,
      command.bid('alice', 10_00, { id: 'b1' }),
      command.remove({ sourceCommandId: 'b1' }),
    );
    given(removedOnce)
      .when(command.remove({ sourceCommandId: 'b1' }))
      .then('bid_not_found');
    given(removedOnce)
      .when(command.remove({ bidId: 'b1#0' }))
      .then('bid_not_found');
  });

  it('is refused for a purchase, a max deletion, or before the lot opens', () => {
    given(history(command.open(fixedPriceConfig()), command.buy('alice', 1, { id: 'p1' })))
      .when(command.remove({ sourceCommandId: 'p1' }))
      .then('bid_not_found');
    given(history(open, command.max('alice', 50_00), command.deleteMax('alice', { id: 'd1' })))
      .when(command.remove({ sourceCommandId: 'd1' }))
      .then('bid_not_found');
    given([])
      .when(command.remove({ sourceCommandId: 'b1' }))
      .then('lot_not_opened');
  });

  it('re-derives the automatic bids that answered the removed bid', () => {
    const events = history(open, command.max('alice', 50_00, { id: 'm1' }), command.bid('bob', 20_00, { id: 'b2' }));
    const after = given(events)
      .when(command.remove({ bidId: 'b2#0' }))
      .then([
        event.removed({ bidId: 'b2#0', bidderId: 'bob', removedCommandIds: ['b2'], price: 10_00, leaderId: 'alice' }),
      ]);
    expect(amounts(after.bids)).toEqual([['alice', 10_00, true]]);
    expect(after.maxBids).toEqual({ alice: 50_00 });
  });

  it('of an automatic bid removes the whole max, with the answers it gave to others', () => {
    const events = history(
      open,
      command.max('alice', 50_00, { id: 'm1' }),
      command.bid('bob', 20_00, { id: 'b2' }),
      command.bid('carol', 30_00, { id: 'b3' }),
    );
    const after = given(events)
      .when(command.remove({ bidId: 'b3#1' }))
      .then([
        event.removed({ bidId: 'b3#1', bidderId: 'alice', removedCommandIds: ['m1'], price: 30_00, leaderId: 'carol' }),
      ]);
    expect(amounts(after.bids)).toEqual([
      ['bob', 20_00, false],
      ['carol', 30_00, false],
    ]);
    expect(after.maxBids).toEqual({});
  });

  it('of a max removes its raises and its deletion, but not a max placed after the deletion', () => {
    const events = history(
      open,
      command.max('alice', 30_00, { id: 'm1' }),
      command.max('bob', 50_00, { id: 'm2' }),
      command.max('alice', 60_00, { id: 'm3' }),
      command.deleteMax('alice', { id: 'd4' }),
      command.max('alice', 70_00, { id: 'm5' }),
    );
    const after = given(events)
      .when(command.remove({ sourceCommandId: 'm3' }))
      .then([
        event.removed({
          bidId: 'm1#0',
          bidderId: 'alice',
          removedCommandIds: ['m1', 'm3', 'd4'],
          price: 51_00,
          leaderId: 'alice',
        }),
      ]);
    expect(amounts(after.bids)).toEqual([
      ['bob', 10_00, true],
      ['bob', 50_00, true],
      ['alice', 51_00, true],
    ]);
    expect(after.maxBids).toEqual({ alice: 70_00, bob: 50_00 });
  });

  it('of a max that placed no bid leaves the bids as they were', () => {
    const events = history(open, command.bid('alice', 10_00), command.max('alice', 50_00, { id: 'm2' }));
    const after = given(events)
      .when(command.remove({ sourceCommandId: 'm2' }))
      .then([
        event.removed({ bidId: null, bidderId: 'alice', removedCommandIds: ['m2'], price: 10_00, leaderId: 'alice' }),
      ]);
    expect(after.maxBids).toEqual({});
  });

  it('leaves a later command that is no longer valid without effect', () => {
    const events = history(
      open,
      command.bid('alice', 10_00, { id: 'b1' }),
      command.reprice({ startingBid: 20_00 }),
      command.bid('bob', 11_00, { id: 'b3' }),
    );
    const after = given(events)
      .when(command.remove({ sourceCommandId: 'b1' }))
      .then([
        event.removed({ bidId: 'b1#0', bidderId: 'alice', removedCommandIds: ['b1'], price: null, leaderId: null }),
      ]);
    expect(after.bids).toEqual([]);
  });

  it('does not take back an extension', () => {
    const extending = lotConfig({
      allowsTimeExtension: true,
      extensionDurationInMinutes: 5,
      minutesLeftBeforeAllowingExtension: 10,
      extensionDurationMaximumMinutes: 15,
    });
    const events = history(command.open(extending), command.bid('alice', 10_00, { id: 'b1', at: END - MINUTE }));
    const after = given(events)
      .when(command.remove({ sourceCommandId: 'b1' }))
      .then([
        event.removed({ bidId: 'b1#0', bidderId: 'alice', removedCommandIds: ['b1'], price: null, leaderId: null }),
      ]);
    expect(after.endsAt).toBe(END + 5 * MINUTE);
  });

  it('after the close makes the recomputed leader the winner', () => {
    const events = history(
      open,
      command.bid('alice', 10_00, { id: 'b1' }),
      command.bid('bob', 12_00, { id: 'b2' }),
      command.close(),
    );
    const after = given(events)
      .when(command.remove({ sourceCommandId: 'b2' }, { at: END + MINUTE }))
      .then([
        event.removed({ bidId: 'b2#0', bidderId: 'bob', removedCommandIds: ['b2'], price: 10_00, leaderId: 'alice' }),
      ]);
    expect(after).toMatchObject({ lotStatus: 5, winnerId: 'alice', price: 10_00 });
  });

  it('after the close leaves a lot with no bid left closed without a winner', () => {
    const events = history(open, command.bid('alice', 10_00, { id: 'b1' }), command.close());
    const after = given(events)
      .when(command.remove({ sourceCommandId: 'b1' }))
      .then([
        event.removed({ bidId: 'b1#0', bidderId: 'alice', removedCommandIds: ['b1'], price: null, leaderId: null }),
      ]);
    expect(after).toMatchObject({ lotStatus: 4, winnerId: null, price: null });
  });

  it('after an early close keeps the lot closed before auction, without a winner', () => {
    const events = history(
      open,
      command.bid('alice', 10_00, { id: 'b1' }),
      command.bid('bob', 12_00, { id: 'b2' }),
      command.closeEarly(),
    );
    const after = given(events)
      .when(command.remove({ sourceCommandId: 'b2' }))
      .then([
        event.removed({ bidId: 'b2#0', bidderId: 'bob', removedCommandIds: ['b2'], price: 10_00, leaderId: 'alice' }),
      ]);
    expect(after).toMatchObject({ lotStatus: 3, winnerId: null, leaderId: 'alice' });
  });
});
