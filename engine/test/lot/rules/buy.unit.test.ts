import { describe, expect, it } from 'vitest';
import type { LotEventBody } from '../../../src/lot/events.ts';
import { command, END, fixedPriceConfig, given, history, lotConfig, MINUTE } from '../given.ts';

const purchased = (purchaseId: string, bidderId: string, quantity: number, unitPrice = 25_00): LotEventBody => ({
  type: 'ItemPurchased',
  data: { purchaseId, bidderId, quantity, unitPrice },
});

/** 10 units at 25.00, at most 3 per bidder. */
const open = command.open(fixedPriceConfig({ maxPerBidder: 3 }));

describe('rule 7: buying from a fixed-price lot', () => {
  it('sells the quantity at the unit price', () => {
    const after = given(history(open))
      .when(command.buy('alice', 2, { id: 'p1' }))
      .then([purchased('p1', 'alice', 2)]);
    expect(after).toMatchObject({ sold: 2, remaining: 8, price: null, lotStatus: 2 });
  });

  it('refuses a quantity that is not a whole number of at least 1', () => {
    for (const quantity of [0, -1, 1.5, Number.NaN]) {
      given(history(open)).when(command.buy('alice', quantity)).then('invalid_quantity');
    }
  });

  it('caps a bidder at maxPerBidder, counting what they own', () => {
    const events = history(open, command.buy('alice', 2));
    given(events).when(command.buy('alice', 2)).then('invalid_quantity');
    given(events)
      .when(command.buy('alice', 1, { id: 'p2' }))
      .then([purchased('p2', 'alice', 1)]);
    given(history(open, command.buy('alice', 3)))
      .when(command.buy('alice', 1))
      .then('invalid_quantity');
    given(events)
      .when(command.buy('bob', 3, { id: 'p2' }))
      .then([purchased('p2', 'bob', 3)]);
  });

  it('caps every buyer at what remains, then refuses as sold out', () => {
    const fourLeft = history(command.open(fixedPriceConfig({ multiSaleQuantity: 4 })), command.buy('alice', 3));
    given(fourLeft).when(command.buy('bob', 2)).then('invalid_quantity');
    const soldOut = history(
      command.open(fixedPriceConfig({ multiSaleQuantity: 4 })),
      command.buy('alice', 3),
      command.buy('bob', 1),
    );
    given(soldOut).when(command.buy('carol', 1)).then('sold_out');
    given(soldOut).when(command.buy('carol', 0)).then('invalid_quantity');
  });

  it('has no limit without a quantity or a per-bidder cap', () => {
    const after = given(history(command.open(fixedPriceConfig({ multiSaleQuantity: null }))))
      .when(command.buy('alice', 1_000, { id: 'p1' }))
      .then([purchased('p1', 'alice', 1_000)]);
    expect(after).toMatchObject({ sold: 1_000, remaining: null });
  });

  it('is refused without a price, on a bidding lot, when hidden, closed or the auction inactive', () => {
    given(history(command.open(fixedPriceConfig({ multiSalePrice: null }))))
      .when(command.buy('alice', 1))
      .then('item_no_price');
    given(history(command.open(fixedPriceConfig({ multiSalePrice: 0 }))))
      .when(command.buy('alice', 1))
      .then('item_no_price');
    given(history(command.open(lotConfig())))
      .when(command.buy('alice', 1))
      .then('item_no_price');
    given(history(open, command.hide())).when(command.buy('alice', 1)).then('item_hidden');
    given(history(open))
      .when(command.buy('alice', 1, { at: END }))
      .then('item_closed');
    given(history(open))
      .when(command.buy('alice', 1, { auctionActive: false }))
      .then('auctionNotActive');
  });

  it('never extends the lot', () => {
    const extending = fixedPriceConfig({
      allowsTimeExtension: true,
      extensionDurationInMinutes: 5,
      minutesLeftBeforeAllowingExtension: 10,
      extensionDurationMaximumMinutes: 15,
    });
    given(history(command.open(extending)))
      .when(command.buy('alice', 1, { id: 'p1', at: END - MINUTE }))
      .then([purchased('p1', 'alice', 1)]);
  });
});
