import { describe, expect, it } from 'vitest';
import { standing } from '../../../src/lot/index.ts';
import { command, END, event, fixedPriceConfig, given, history, lotConfig, MINUTE, stateOf } from '../given.ts';

const open = command.open();

describe("the auction's end moved", () => {
  const capped = command.open(lotConfig({ auctionEndsAt: END }));

  it('records the new end beside the one it replaces, and leaves the lot’s own end', () => {
    const after = given(history(capped))
      .when(command.moveAuctionEnd(END + 60 * MINUTE))
      .then([{ type: 'AuctionEndMoved', data: { auctionEndsAt: END + 60 * MINUTE, previousAuctionEndsAt: END } }]);
    expect(after).toMatchObject({ endsAt: END, initialEndsAt: END });
    expect(stateOf(history(capped, command.moveAuctionEnd(END + 60 * MINUTE))).config?.auctionEndsAt).toBe(
      END + 60 * MINUTE,
    );
  });

  it('changes nothing when the end is the one the lot has, so the workers may send it again', () => {
    given(history(capped)).when(command.moveAuctionEnd(END)).then([]);
  });

  it('is refused on a closed lot, for a date that is not one, and before the lot opens', () => {
    given(history(capped, command.close()))
      .when(command.moveAuctionEnd(END + MINUTE))
      .then('item_closed');
    given(history(capped)).when(command.moveAuctionEnd(1.5)).then('invalid_date');
    given([]).when(command.moveAuctionEnd(END)).then('lot_not_opened');
  });
});

describe('opening a lot', () => {
  it('copies the whole configuration into the stream', () => {
    const config = lotConfig({ auctionEndsAt: END + 60 * MINUTE });
    const after = given([])
      .when(command.open(config))
      .then([{ type: 'LotOpened', data: config }]);
    expect(after).toMatchObject({ lotStatus: 2, endsAt: END, initialEndsAt: END, price: null, bids: [] });
  });

  it('happens once', () => {
    given(history(open)).when(command.open()).then('lot_already_opened');
  });

  it('refuses a configuration that is not whole cents, counts and times', () => {
    given([])
      .when(command.open(lotConfig({ minimumIncrement: 0 })))
      .then('invalid_amount');
    given([])
      .when(command.open(lotConfig({ startingBid: 10.5 })))
      .then('invalid_amount');
    given([])
      .when(command.open(fixedPriceConfig({ multiSaleQuantity: -1 })))
      .then('invalid_quantity');
    given([])
      .when(command.open(lotConfig({ endsAt: Number.NaN })))
      .then('invalid_date');
    given([])
      .when(command.open(lotConfig({ extensionDurationInMinutes: 1.5 })))
      .then('invalid_date');
  });

  it('comes before every other command', () => {
    for (const next of [
      command.max('alice', 10_00),
      command.deleteMax('alice'),
      command.buy('alice', 1),
      command.close(),
      command.closeEarly(),
      command.hide(),
      command.show(),
      command.reschedule(END),
      command.reprice({ minimumIncrement: 2_00 }),
    ]) {
      given([]).when(next).then('lot_not_opened');
    }
  });
});

describe('hiding and showing a lot', () => {
  it('refuses bids while hidden and takes them again once shown', () => {
    const hidden = history(open, command.hide());
    expect(standing(stateOf(hidden)).hidden).toBe(true);
    given(hidden).when(command.bid('alice', 10_00)).then('item_hidden');
    given(history(open, command.hide(), command.show()))
      .when(command.bid('alice', 10_00, { id: 'b1' }))
      .then([event.manual('b1', 'alice', 10_00)]);
  });

  it('accepts a command that changes nothing without an event', () => {
    given(history(open, command.hide())).when(command.hide()).then([]);
    given(history(open)).when(command.show()).then([]);
  });
});

describe('rescheduling a lot', () => {
  it('moves both the current and the initial end', () => {
    const after = given(history(open))
      .when(command.reschedule(END + 60 * MINUTE))
      .then([{ type: 'LotRescheduled', data: { endsAt: END + 60 * MINUTE } }]);
    expect(after).toMatchObject({ endsAt: END + 60 * MINUTE, initialEndsAt: END + 60 * MINUTE });
  });

  it('reopens bidding on a lot whose end passed before its close was recorded', () => {
    given(history(open, command.reschedule(END + 60 * MINUTE)))
      .when(command.bid('alice', 10_00, { id: 'b1', at: END + MINUTE }))
      .then([event.manual('b1', 'alice', 10_00)]);
  });

  it('restarts the extension allowance from the new end', () => {
    const extending = lotConfig({
      allowsTimeExtension: true,
      extensionDurationInMinutes: 5,
      minutesLeftBeforeAllowingExtension: 10,
      extensionDurationMaximumMinutes: 5,
    });
    const events = history(
      command.open(extending),
      command.bid('alice', 10_00, { at: END - MINUTE }),
      command.reschedule(END + 30 * MINUTE),
    );
    given(events)
      .when(command.bid('bob', 11_00, { id: 'b3', at: END + 29 * MINUTE }))
      .then([event.manual('b3', 'bob', 11_00), event.extended(END + 35 * MINUTE, END + 30 * MINUTE)]);
  });

  it('refuses a time that is not a whole number of milliseconds', () => {
    given(history(open)).when(command.reschedule(Number.NaN)).then('invalid_date');
  });
});

describe('repricing a lot', () => {
  it('changes only the fields given, and the event carries all the resulting values', () => {
    given(history(open))
      .when(command.reprice({ minimumIncrement: 5_00 }))
      .then([
        {
          type: 'LotRepriced',
          data: {
            startingBid: 10_00,
            minimumIncrement: 5_00,
            multiSalePrice: null,
            multiSaleQuantity: null,
            maxPerBidder: null,
          },
        },
      ]);
  });

  it('moves the minimum next bid', () => {
    const events = history(open, command.bid('alice', 10_00), command.reprice({ minimumIncrement: 5_00 }));
    given(events).when(command.bid('bob', 14_99)).then('bid_too_low');
    given(events)
      .when(command.bid('bob', 15_00, { id: 'b3' }))
      .then([event.manual('b3', 'bob', 15_00)]);
    given(history(open, command.reprice({ startingBid: 20_00 })))
      .when(command.bid('alice', 19_99))
      .then('bid_too_low');
    given(history(open, command.reprice({ startingBid: null })))
      .when(command.bid('alice', 20_00))
      .then('item_no_price');
  });

  it('changes what a fixed-price lot has left to sell', () => {
    const events = history(
      command.open(fixedPriceConfig({ multiSaleQuantity: 10 })),
      command.buy('alice', 3),
      command.reprice({ multiSaleQuantity: 4, multiSalePrice: 30_00 }),
    );
    expect(standing(stateOf(events))).toMatchObject({ sold: 3, remaining: 1 });
    given(events)
      .when(command.buy('bob', 1, { id: 'p3' }))
      .then([{ type: 'ItemPurchased', data: { purchaseId: 'p3', bidderId: 'bob', quantity: 1, unitPrice: 30_00 } }]);
  });

  it('refuses values that are not whole cents or counts', () => {
    given(history(open))
      .when(command.reprice({ minimumIncrement: 0 }))
      .then('invalid_amount');
    given(history(open))
      .when(command.reprice({ multiSalePrice: -1 }))
      .then('invalid_amount');
    given(history(open))
      .when(command.reprice({ maxPerBidder: 0.5 }))
      .then('invalid_quantity');
  });
});
