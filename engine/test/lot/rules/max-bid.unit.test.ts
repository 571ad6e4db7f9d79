import { describe, expect, it } from 'vitest';
import { command, END, event, fixedPriceConfig, given, history, lotConfig } from '../given.ts';

const open = command.open();

describe('rule 2: a max bid', () => {
  it('with no other max bids automatically at the minimum and leads', () => {
    const after = given(history(open))
      .when(command.max('alice', 50_00, { id: 'm1' }))
      .then([event.maxPlaced('alice', 50_00), event.ownMax('m1', 0, 'alice', 10_00)]);
    expect(after).toMatchObject({ price: 10_00, leaderId: 'alice', maxBids: { alice: 50_00 } });
  });

  it('bids the minimum next bid over a leader without a max', () => {
    given(history(open, command.bid('alice', 10_00)))
      .when(command.max('bob', 50_00, { id: 'm2' }))
      .then([event.maxPlaced('bob', 50_00), event.ownMax('m2', 0, 'bob', 11_00)]);
  });

  it('must reach the minimum next bid', () => {
    const events = history(open, command.bid('alice', 10_00));
    given(events).when(command.max('bob', 10_99)).then('max_bid_too_low');
    given(events)
      .when(command.max('bob', 11_00, { id: 'm2' }))
      .then([event.maxPlaced('bob', 11_00), event.ownMax('m2', 0, 'bob', 11_00)]);
  });

  it('above the leader’s max: that max bids its all, then the new max leads one increment above', () => {
    const after = given(history(open, command.max('alice', 30_00, { id: 'm1' })))
      .when(command.max('bob', 50_00, { id: 'm2' }))
      .then([
        event.maxPlaced('bob', 50_00),
        event.answer('m2', 0, 'alice', 30_00, 'm1'),
        event.ownMax('m2', 1, 'bob', 31_00),
      ]);
    expect(after).toMatchObject({ price: 31_00, leaderId: 'bob' });
  });

  it('above the leader’s max by less than an increment leads at its own amount', () => {
    given(history(open, command.max('alice', 30_00, { id: 'm1' })))
      .when(command.max('bob', 30_50, { id: 'm2' }))
      .then([
        event.maxPlaced('bob', 30_50),
        event.answer('m2', 0, 'alice', 30_00, 'm1'),
        event.ownMax('m2', 1, 'bob', 30_50),
      ]);
  });

  it('above a leader’s max already at the price adds no bid for it', () => {
    given(history(open, command.max('alice', 10_00, { id: 'm1' })))
      .when(command.max('bob', 50_00, { id: 'm2' }))
      .then([event.maxPlaced('bob', 50_00), event.ownMax('m2', 0, 'bob', 11_00)]);
  });

  it('at or below the leader’s max bids its all, then the leader answers one increment above', () => {
    const after = given(history(open, command.max('alice', 50_00, { id: 'm1' })))
      .when(command.max('bob', 30_00, { id: 'm2' }))
      .then([
        event.maxPlaced('bob', 30_00),
        event.ownMax('m2', 0, 'bob', 30_00),
        event.answer('m2', 1, 'alice', 31_00, 'm1'),
      ]);
    expect(after).toMatchObject({ price: 31_00, leaderId: 'alice', maxBids: { alice: 50_00, bob: 30_00 } });
  });

  it('equal to the leader’s max loses the tie: the earlier max leads at that amount', () => {
    const after = given(history(open, command.max('alice', 50_00, { id: 'm1' })))
      .when(command.max('bob', 50_00, { id: 'm2' }))
      .then([
        event.maxPlaced('bob', 50_00),
        event.ownMax('m2', 0, 'bob', 50_00),
        event.answer('m2', 1, 'alice', 50_00, 'm1'),
      ]);
    expect(after).toMatchObject({ price: 50_00, leaderId: 'alice' });
  });

  it('meets no answer from a max its owner has overbid by hand', () => {
    given(history(open, command.max('alice', 20_00), command.bid('alice', 30_00)))
      .when(command.max('bob', 50_00, { id: 'm3' }))
      .then([event.maxPlaced('bob', 50_00), event.ownMax('m3', 0, 'bob', 31_00)]);
  });

  it('of the leader raises their max without moving the price', () => {
    const events = history(open, command.max('alice', 30_00, { id: 'm1' }));
    const after = given(events)
      .when(command.max('alice', 60_00))
      .then([event.maxRaised('alice', 60_00, 30_00)]);
    expect(after).toMatchObject({ price: 10_00, leaderId: 'alice', maxBids: { alice: 60_00 }, bidCount: 1 });
  });

  it('of a leader who had none places one without moving the price', () => {
    given(history(open, command.bid('alice', 10_00)))
      .when(command.max('alice', 60_00))
      .then([event.maxPlaced('alice', 60_00)]);
  });

  it('is refused when the bidder already holds a max as high', () => {
    const events = history(open, command.max('alice', 30_00));
    given(events).when(command.max('alice', 30_00)).then('max_bid_too_low');
    given(events).when(command.max('alice', 20_00)).then('max_bid_too_low');
  });

  it('raises a beaten max that was not deleted, whose bids keep pointing at its first placement', () => {
    const events = history(open, command.max('alice', 30_00, { id: 'm1' }), command.max('bob', 50_00, { id: 'm2' }));
    const after = given(events)
      .when(command.max('alice', 60_00, { id: 'm3' }))
      .then([
        event.maxRaised('alice', 60_00, 30_00),
        event.answer('m3', 0, 'bob', 50_00, 'm2'),
        event.ownMax('m3', 1, 'alice', 51_00, 'm1'),
      ]);
    expect(after).toMatchObject({ price: 51_00, leaderId: 'alice', maxBids: { alice: 60_00, bob: 50_00 } });
  });

  it('placed after a delete is a new max', () => {
    const events = history(open, command.max('alice', 30_00, { id: 'm1' }), command.deleteMax('alice'));
    given(events)
      .when(command.max('alice', 40_00, { id: 'm3' }))
      .then([event.maxPlaced('alice', 40_00)]);
    given(history(open, command.max('alice', 30_00), command.deleteMax('alice'), command.bid('bob', 20_00)))
      .when(command.max('alice', 40_00, { id: 'm4' }))
      .then([event.maxPlaced('alice', 40_00), event.ownMax('m4', 0, 'alice', 21_00)]);
  });
});

describe('a max bid is refused', () => {
  it('when the lot does not allow proxy bidding', () => {
    given(history(command.open(lotConfig({ allowProxyBidding: false }))))
      .when(command.max('alice', 50_00))
      .then('proxy_not_allowed');
  });

  it('like a manual bid when the auction, the lot or its price forbids it', () => {
    given(history(open))
      .when(command.max('alice', 50_00, { auctionActive: false }))
      .then('auctionNotActive');
    given(history(open, command.hide())).when(command.max('alice', 50_00)).then('item_hidden');
    given(history(open))
      .when(command.max('alice', 50_00, { at: END }))
      .then('item_closed');
    given(history(command.open(fixedPriceConfig())))
      .when(command.max('alice', 50_00))
      .then('item_no_price');
    given(history(open)).when(command.max('alice', 0)).then('invalid_amount');
    given(history(open)).when(command.max('alice', 12.345)).then('invalid_amount');
  });

  it('for the first failing check in order: price, then proxy, then amount', () => {
    given(history(command.open(lotConfig({ allowProxyBidding: false, startingBid: null }))))
      .when(command.max('alice', -1))
      .then('item_no_price');
    given(history(command.open(lotConfig({ allowProxyBidding: false }))))
      .when(command.max('alice', -1))
      .then('proxy_not_allowed');
  });
});

describe('deleting a max', () => {
  it('stops its automatic bids and leaves the standing bids', () => {
    const events = history(open, command.max('alice', 50_00), command.bid('bob', 20_00));
    const after = given(events)
      .when(command.deleteMax('alice'))
      .then([event.maxDeleted('alice')]);
    expect(after).toMatchObject({ price: 21_00, leaderId: 'alice', maxBids: {}, bidCount: 3 });
  });

  it('is refused when the bidder holds no max', () => {
    given(history(open)).when(command.deleteMax('alice')).then('bid_not_found');
    given(history(open, command.max('alice', 50_00), command.deleteMax('alice')))
      .when(command.deleteMax('alice'))
      .then('bid_not_found');
  });

  it('is allowed on a hidden lot but not once the lot has ended or the auction is inactive', () => {
    const events = history(open, command.max('alice', 50_00));
    given(history(open, command.max('alice', 50_00), command.hide()))
      .when(command.deleteMax('alice'))
      .then([event.maxDeleted('alice')]);
    given(events)
      .when(command.deleteMax('alice', { at: END }))
      .then('item_closed');
    given(events)
      .when(command.deleteMax('alice', { auctionActive: false }))
      .then('auctionNotActive');
  });
});
