import { describe, expect, it } from 'vitest';
import { command, END, event, fixedPriceConfig, given, history, lotConfig } from '../given.ts';

const open = command.open();

describe('rule 1: a manual bid', () => {
  it('opens the bidding at the starting bid', () => {
    const after = given(history(open))
      .when(command.bid('alice', 10_00, { id: 'b1' }))
      .then([event.manual('b1', 'alice', 10_00)]);
    expect(after).toMatchObject({ price: 10_00, leaderId: 'alice', bidCount: 1 });
  });

  it('is refused below the starting bid when there is no bid', () => {
    given(history(open)).when(command.bid('alice', 9_99)).then('bid_too_low');
  });

  it('must reach the price plus the increment, and may go beyond it', () => {
    const events = history(open, command.bid('alice', 10_00));
    given(events).when(command.bid('bob', 10_99)).then('bid_too_low');
    given(events)
      .when(command.bid('bob', 11_00, { id: 'b2' }))
      .then([event.manual('b2', 'bob', 11_00)]);
    const after = given(events)
      .when(command.bid('bob', 25_50, { id: 'b2' }))
      .then([event.manual('b2', 'bob', 25_50)]);
    expect(after).toMatchObject({ price: 25_50, leaderId: 'bob' });
  });

  it('lets the leader bid above their own price', () => {
    const after = given(history(open, command.bid('alice', 10_00)))
      .when(command.bid('alice', 15_00, { id: 'b2' }))
      .then([event.manual('b2', 'alice', 15_00)]);
    expect(after).toMatchObject({ price: 15_00, leaderId: 'alice' });
  });

  it("is answered by the leader's max, which keeps the lead one increment above", () => {
    const after = given(history(open, command.max('alice', 50_00, { id: 'm1' })))
      .when(command.bid('bob', 20_00, { id: 'b2' }))
      .then([event.manual('b2', 'bob', 20_00), event.answer('b2', 1, 'alice', 21_00, 'm1')]);
    expect(after).toMatchObject({ price: 21_00, leaderId: 'alice' });
    expect(after.bids.map((bid) => [bid.bidderId, bid.amount, bid.isAutoBid])).toEqual([
      ['alice', 10_00, true],
      ['bob', 20_00, false],
      ['alice', 21_00, true],
    ]);
  });

  it('is answered no higher than the max', () => {
    given(history(open, command.max('alice', 50_00, { id: 'm1' })))
      .when(command.bid('bob', 49_50, { id: 'b2' }))
      .then([event.manual('b2', 'bob', 49_50), event.answer('b2', 1, 'alice', 50_00, 'm1')]);
  });

  it('ties with a max at the same amount, and the max placed earlier keeps the lead', () => {
    const after = given(history(open, command.max('alice', 50_00, { id: 'm1' })))
      .when(command.bid('bob', 50_00, { id: 'b2' }))
      .then([event.manual('b2', 'bob', 50_00), event.answer('b2', 1, 'alice', 50_00, 'm1')]);
    expect(after).toMatchObject({ price: 50_00, leaderId: 'alice' });
  });

  it('beats a lower max, which then answers nothing more', () => {
    const events = history(open, command.max('alice', 50_00, { id: 'm1' }));
    const after = given(events)
      .when(command.bid('bob', 51_00, { id: 'b2' }))
      .then([event.manual('b2', 'bob', 51_00)]);
    expect(after).toMatchObject({ price: 51_00, leaderId: 'bob', maxBids: { alice: 50_00 } });
    given(history(open, command.max('alice', 50_00), command.bid('bob', 51_00)))
      .when(command.bid('carol', 52_00, { id: 'b3' }))
      .then([event.manual('b3', 'carol', 52_00)]);
  });

  it("is not answered by the bidder's own max", () => {
    given(history(open, command.max('alice', 50_00)))
      .when(command.bid('alice', 30_00, { id: 'b2' }))
      .then([event.manual('b2', 'alice', 30_00)]);
  });

  it('is not answered by a max its owner has overbid by hand', () => {
    const events = history(open, command.max('alice', 20_00), command.bid('alice', 30_00));
    given(events)
      .when(command.bid('bob', 31_00, { id: 'b3' }))
      .then([event.manual('b3', 'bob', 31_00)]);
  });

  it('is not answered by a deleted max', () => {
    given(history(open, command.max('alice', 50_00), command.deleteMax('alice')))
      .when(command.bid('bob', 20_00, { id: 'b3' }))
      .then([event.manual('b3', 'bob', 20_00)]);
  });
});

describe('a manual bid is refused', () => {
  it('when the auction is not active', () => {
    given(history(open))
      .when(command.bid('alice', 10_00, { auctionActive: false }))
      .then('auctionNotActive');
  });

  it('when the lot is hidden', () => {
    given(history(open, command.hide())).when(command.bid('alice', 10_00)).then('item_hidden');
  });

  it('at the end and after it, even before the close is recorded', () => {
    given(history(open))
      .when(command.bid('alice', 10_00, { at: END }))
      .then('item_closed');
    given(history(open))
      .when(command.bid('alice', 10_00, { at: END + 1 }))
      .then('item_closed');
    given(history(open))
      .when(command.bid('alice', 10_00, { id: 'b1', at: END - 1 }))
      .then([event.manual('b1', 'alice', 10_00)]);
  });

  it('once the lot is closed', () => {
    given(history(open, command.closeEarly())).when(command.bid('alice', 10_00)).then('item_closed');
  });

  it('on a lot without a price: no starting bid, a zero one, or a fixed-price lot', () => {
    given(history(command.open(lotConfig({ startingBid: null }))))
      .when(command.bid('alice', 10_00))
      .then('item_no_price');
    given(history(command.open(lotConfig({ startingBid: 0 }))))
      .when(command.bid('alice', 10_00))
      .then('item_no_price');
    given(history(command.open(fixedPriceConfig())))
      .when(command.bid('alice', 30_00))
      .then('item_no_price');
  });

  it('for an amount that is not a positive whole number of cents', () => {
    for (const amount of [0, -1_00, 10.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      given(history(open)).when(command.bid('alice', amount)).then('invalid_amount');
    }
  });

  it('before the lot is opened', () => {
    given([]).when(command.bid('alice', 10_00)).then('lot_not_opened');
  });

  it('for the first failing check in order: auction, hidden, closed, price, amount, minimum', () => {
    const hiddenAndClosed = history(command.open(lotConfig({ startingBid: null })), command.hide());
    given(hiddenAndClosed)
      .when(command.bid('alice', -1, { auctionActive: false, at: END }))
      .then('auctionNotActive');
    given(hiddenAndClosed)
      .when(command.bid('alice', -1, { at: END }))
      .then('item_hidden');
    const noPrice = history(command.open(lotConfig({ startingBid: null })));
    given(noPrice)
      .when(command.bid('alice', -1, { at: END }))
      .then('item_closed');
    given(noPrice).when(command.bid('alice', -1)).then('item_no_price');
    given(history(open)).when(command.bid('alice', -1)).then('invalid_amount');
  });
});
