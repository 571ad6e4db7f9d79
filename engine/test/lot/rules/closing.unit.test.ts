import { describe, expect, it } from 'vitest';
import { command, END, event, fixedPriceConfig, given, history, MINUTE } from '../given.ts';

const open = command.open();

describe('rule 6: the scheduled close', () => {
  it('records the leader as the winner at the price', () => {
    const after = given(history(open, command.bid('alice', 10_00), command.bid('bob', 12_00)))
      .when(command.close({ at: END }))
      .then([event.closed(5, 'bob', 12_00)]);
    expect(after).toMatchObject({ lotStatus: 5, winnerId: 'bob', price: 12_00, leaderId: 'bob' });
  });

  it('closes a lot with no bid without a winner', () => {
    const after = given(history(open))
      .when(command.close())
      .then([event.closed(4, null, null)]);
    expect(after).toMatchObject({ lotStatus: 4, winnerId: null });
  });

  it('is refused before the end', () => {
    given(history(open))
      .when(command.close({ at: END - 1 }))
      .then('lot_not_ended');
  });

  it('closes late as well as on time, even a hidden lot', () => {
    given(history(open, command.hide()))
      .when(command.close({ at: END + MINUTE }))
      .then([event.closed(4, null, null)]);
  });

  it('closes a fixed-price lot as won when anything sold, with no single winner', () => {
    const fixed = command.open(fixedPriceConfig());
    given(history(fixed, command.buy('alice', 2)))
      .when(command.close())
      .then([event.closed(5, null, null)]);
    given(history(fixed))
      .when(command.close())
      .then([event.closed(4, null, null)]);
  });

  it('happens once', () => {
    given(history(open, command.close())).when(command.close()).then('item_closed');
    given(history(open, command.closeEarly())).when(command.close()).then('item_closed');
  });
});

describe("rule 6: an administrator's early close", () => {
  it('closes before auction, with no winner, whatever the bids', () => {
    const after = given(history(open, command.bid('alice', 10_00)))
      .when(command.closeEarly({ at: END - 1 }))
      .then([event.closed(3, null, null, true)]);
    expect(after).toMatchObject({ lotStatus: 3, winnerId: null, leaderId: 'alice' });
  });

  it('is refused once the lot has ended or closed', () => {
    given(history(open))
      .when(command.closeEarly({ at: END }))
      .then('item_closed');
    given(history(open, command.closeEarly())).when(command.closeEarly()).then('item_closed');
  });
});

describe('a closed lot', () => {
  const closedEarly = history(
    open,
    command.max('alice', 50_00, { id: 'm1' }),
    command.closeEarly({ at: END - 30 * MINUTE }),
  );
  const before = { at: END - MINUTE };

  it('refuses bidding, buying and repricing', () => {
    given(closedEarly)
      .when(command.bid('bob', 20_00, before))
      .then('item_closed');
    given(closedEarly)
      .when(command.max('bob', 20_00, before))
      .then('item_closed');
    given(closedEarly).when(command.deleteMax('alice', before)).then('item_closed');
    given(history(command.open(fixedPriceConfig()), command.closeEarly()))
      .when(command.buy('bob', 1, before))
      .then('item_closed');
    given(closedEarly)
      .when(command.reprice({ minimumIncrement: 2_00 }, before))
      .then('item_closed');
  });

  it('still accepts a removal, hiding, showing and a new date', () => {
    given(closedEarly)
      .when(command.remove({ sourceCommandId: 'm1' }))
      .then([
        event.removed({ bidId: 'm1#0', bidderId: 'alice', removedCommandIds: ['m1'], price: null, leaderId: null }),
      ]);
    given(closedEarly)
      .when(command.hide())
      .then([{ type: 'LotHidden', data: {} }]);
    given(history(open, command.hide(), command.close()))
      .when(command.show())
      .then([{ type: 'LotShown', data: {} }]);
    const after = given(closedEarly)
      .when(command.reschedule(END + 60 * MINUTE))
      .then([{ type: 'LotRescheduled', data: { endsAt: END + 60 * MINUTE } }]);
    expect(after).toMatchObject({ lotStatus: 3, endsAt: END + 60 * MINUTE });
  });
});
