import { describe, expect, it } from 'vitest';
import { decide, evolve } from '../../../src/lot/index.ts';
import { command, END, event, fixedPriceConfig, given, history, MINUTE } from '../given.ts';

const open = command.open();

describe('a sale recorded on stage', () => {
  it('closes the lot won by the chosen bidder at the hammer price', () => {
    const after = given(history(open))
      .when(command.liveSale('carol', 250_00))
      .then([event.liveSale('carol', 250_00), event.closed(5, 'carol', 250_00)]);
    expect(after).toMatchObject({ lotStatus: 5, winnerId: 'carol', price: 250_00, leaderId: 'carol' });
  });

  it('overrides the online bidding, before or after the end, and a close without a bid', () => {
    const withBids = history(open, command.bid('alice', 10_00), command.max('bob', 40_00));
    given(withBids)
      .when(command.liveSale('carol', 30_00))
      .then([event.liveSale('carol', 30_00), event.closed(5, 'carol', 30_00)]);
    given(history(open))
      .when(command.liveSale('carol', 30_00, { at: END + 60 * MINUTE }))
      .then([event.liveSale('carol', 30_00), event.closed(5, 'carol', 30_00)]);
    given(history(open, command.close()))
      .when(command.liveSale('carol', 30_00, { at: END + MINUTE }))
      .then([event.liveSale('carol', 30_00), event.closed(5, 'carol', 30_00)]);
  });

  it('does not need the auction to be active (the evening may run past its close)', () => {
    given(history(open))
      .when(command.liveSale('carol', 30_00, { auctionActive: false }))
      .then([event.liveSale('carol', 30_00), event.closed(5, 'carol', 30_00)]);
  });

  it('is refused on a lot that is not live, or is fixed price', () => {
    given(history(open))
      .when(command.liveSale('carol', 30_00, { live: false }))
      .then('lot_not_live');
    given(history(command.open(fixedPriceConfig())))
      .when(command.liveSale('carol', 30_00))
      .then('lot_not_live');
  });

  it('is refused once the lot is sold, on stage or online, and on a withdrawn lot', () => {
    given(history(open, command.liveSale('carol', 30_00)))
      .when(command.liveSale('dave', 40_00))
      .then('lot_already_sold');
    given(history(open, command.bid('alice', 10_00), command.close()))
      .when(command.liveSale('dave', 40_00, { at: END + MINUTE }))
      .then('lot_already_sold');
    given(history(open, command.closeEarly())).when(command.liveSale('dave', 40_00)).then('item_closed');
  });

  it('is refused for an amount that is not a positive number of cents', () => {
    for (const amount of [0, -100, 12.5, Number.MAX_SAFE_INTEGER + 2]) {
      given(history(open)).when(command.liveSale('carol', amount)).then('invalid_amount');
    }
  });

  it('is refused before the lot opens', () => {
    given([]).when(command.liveSale('carol', 30_00)).then('lot_not_opened');
  });

  it('is recorded once: a retry with the same command id appends nothing', () => {
    const sale = command.liveSale('carol', 30_00, { id: 'stage-1' });
    const events = history(open, sale);
    const state = events.reduce(evolve, given([]).state);
    expect(decide(state, sale)).toEqual({ ok: true, events: [] });
  });

  it('keeps its winner when an online bid is removed afterwards', () => {
    const after = given(history(open, command.bid('alice', 10_00, { id: 'b1' }), command.liveSale('carol', 30_00)))
      .when(command.remove({ sourceCommandId: 'b1' }))
      .then([
        event.removed({ bidId: 'b1#0', bidderId: 'alice', removedCommandIds: ['b1'], price: null, leaderId: null }),
      ]);
    expect(after).toMatchObject({ lotStatus: 5, winnerId: 'carol', price: 30_00, leaderId: 'carol' });
  });
});

describe('a stage sale corrected', () => {
  const sold = history(open, command.liveSale('carol', 30_00));

  it('gives the lot to the bidder the auctioneer really called, keeping what it replaces', () => {
    const after = given(sold)
      .when(command.correctLiveSale('dave', 30_00))
      .then([event.saleCorrected('dave', 30_00, 'carol', 30_00)]);
    expect(after).toMatchObject({ lotStatus: 5, winnerId: 'dave', price: 30_00, leaderId: 'dave' });
  });

  it('corrects a mistyped hammer price for the same winner', () => {
    const after = given(sold)
      .when(command.correctLiveSale('carol', 300_00))
      .then([event.saleCorrected('carol', 300_00, 'carol', 30_00)]);
    expect(after).toMatchObject({ lotStatus: 5, winnerId: 'carol', price: 300_00 });
  });

  it('corrects a correction, each naming the one before', () => {
    const after = given(history(open, command.liveSale('carol', 30_00), command.correctLiveSale('dave', 35_00)))
      .when(command.correctLiveSale('erin', 40_00))
      .then([event.saleCorrected('erin', 40_00, 'dave', 35_00)]);
    expect(after).toMatchObject({ winnerId: 'erin', price: 40_00 });
  });

  it('is refused on a lot not sold on stage: open, won online, closed without a bid or withdrawn', () => {
    given(history(open)).when(command.correctLiveSale('dave', 30_00)).then('lot_not_sold_on_stage');
    given(history(open, command.bid('alice', 10_00), command.close()))
      .when(command.correctLiveSale('dave', 30_00, { at: END + MINUTE }))
      .then('lot_not_sold_on_stage');
    given(history(open, command.close()))
      .when(command.correctLiveSale('dave', 30_00, { at: END + MINUTE }))
      .then('lot_not_sold_on_stage');
    given(history(open, command.closeEarly()))
      .when(command.correctLiveSale('dave', 30_00))
      .then('lot_not_sold_on_stage');
    given([]).when(command.correctLiveSale('dave', 30_00)).then('lot_not_opened');
  });

  it('is refused when it changes nothing, or for an amount that is not a positive number of cents', () => {
    given(sold).when(command.correctLiveSale('carol', 30_00)).then('live_sale_unchanged');
    for (const amount of [0, -100, 12.5]) {
      given(sold).when(command.correctLiveSale('dave', amount)).then('invalid_amount');
    }
  });

  it('is recorded once: a retry with the same command id appends nothing', () => {
    const correction = command.correctLiveSale('dave', 30_00, { id: 'fix-1' });
    const state = history(open, command.liveSale('carol', 30_00), correction).reduce(evolve, given([]).state);
    expect(decide(state, correction)).toEqual({ ok: true, events: [] });
  });

  it('keeps the corrected winner when an online bid is removed afterwards', () => {
    const after = given(
      history(
        open,
        command.bid('alice', 10_00, { id: 'b1' }),
        command.liveSale('carol', 30_00),
        command.correctLiveSale('dave', 30_00),
      ),
    )
      .when(command.remove({ sourceCommandId: 'b1' }))
      .then([
        event.removed({ bidId: 'b1#0', bidderId: 'alice', removedCommandIds: ['b1'], price: null, leaderId: null }),
      ]);
    expect(after).toMatchObject({ lotStatus: 5, winnerId: 'dave', price: 30_00, leaderId: 'dave' });
  });
});
