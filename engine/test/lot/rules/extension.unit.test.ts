import { describe, expect, it } from 'vitest';
import { command, END, event, given, history, lotConfig, MINUTE, minutesBefore } from '../given.ts';

/** Extends by 5 minutes for a bid in the last 10 minutes, for at most 15 minutes in all. */
const extending = lotConfig({
  allowsTimeExtension: true,
  extensionDurationInMinutes: 5,
  minutesLeftBeforeAllowingExtension: 10,
  extensionDurationMaximumMinutes: 15,
});
const open = command.open(extending);

describe('rule 5: a bid near the end extends the lot', () => {
  it('not before the window', () => {
    given(history(open))
      .when(command.bid('alice', 10_00, { id: 'b1', at: minutesBefore(10) - 1 }))
      .then([event.manual('b1', 'alice', 10_00)]);
  });

  it('from the window’s first instant, by the step from the current end', () => {
    const after = given(history(open))
      .when(command.bid('alice', 10_00, { id: 'b1', at: minutesBefore(10) }))
      .then([event.manual('b1', 'alice', 10_00), event.extended(END + 5 * MINUTE, END)]);
    expect(after).toMatchObject({ endsAt: END + 5 * MINUTE, initialEndsAt: END });
  });

  it('up to the last instant before the end', () => {
    given(history(open))
      .when(command.bid('alice', 10_00, { id: 'b1', at: END - 1 }))
      .then([event.manual('b1', 'alice', 10_00), event.extended(END + 5 * MINUTE, END)]);
  });

  it('not when the lot does not allow it, or its step is zero', () => {
    given(history(command.open({ ...extending, allowsTimeExtension: false })))
      .when(command.bid('alice', 10_00, { id: 'b1', at: END - 1 }))
      .then([event.manual('b1', 'alice', 10_00)]);
    given(history(command.open({ ...extending, extensionDurationInMinutes: 0 })))
      .when(command.bid('alice', 10_00, { id: 'b1', at: END - 1 }))
      .then([event.manual('b1', 'alice', 10_00)]);
  });

  it('while the extensions so far are below the maximum', () => {
    const events = history(
      open,
      command.bid('alice', 10_00, { at: END - 1 }),
      command.bid('bob', 11_00, { at: END + 5 * MINUTE - 1 }),
    );
    const third = given(events)
      .when(command.bid('alice', 12_00, { id: 'b3', at: END + 10 * MINUTE - 1 }))
      .then([event.manual('b3', 'alice', 12_00), event.extended(END + 15 * MINUTE, END + 10 * MINUTE)]);
    expect(third.endsAt).toBe(END + 15 * MINUTE);
    given(
      history(
        open,
        command.bid('alice', 10_00, { at: END - 1 }),
        command.bid('bob', 11_00, { at: END + 5 * MINUTE - 1 }),
        command.bid('alice', 12_00, { at: END + 10 * MINUTE - 1 }),
      ),
    )
      .when(command.bid('bob', 13_00, { id: 'b4', at: END + 15 * MINUTE - 1 }))
      .then([event.manual('b4', 'bob', 13_00)]);
  });

  it('never with a zero maximum', () => {
    given(history(command.open({ ...extending, extensionDurationMaximumMinutes: 0 })))
      .when(command.bid('alice', 10_00, { id: 'b1', at: END - 1 }))
      .then([event.manual('b1', 'alice', 10_00)]);
  });

  it('only as far as the auction’s end', () => {
    given(history(command.open({ ...extending, auctionEndsAt: END + 5 * MINUTE - 1 })))
      .when(command.bid('alice', 10_00, { id: 'b1', at: END - 1 }))
      .then([event.manual('b1', 'alice', 10_00)]);
    given(history(command.open({ ...extending, auctionEndsAt: END + 5 * MINUTE })))
      .when(command.bid('alice', 10_00, { id: 'b1', at: END - 1 }))
      .then([event.manual('b1', 'alice', 10_00), event.extended(END + 5 * MINUTE, END)]);
  });

  it('as far as the auction’s end as it stands after the organisers moved it', () => {
    const capped = command.open({ ...extending, auctionEndsAt: END });
    // The evening runs late: the auction's end moves an hour later, and the lot's extensions follow.
    given(history(capped, command.moveAuctionEnd(END + 60 * MINUTE)))
      .when(command.bid('alice', 10_00, { id: 'b1', at: END - 1 }))
      .then([event.manual('b1', 'alice', 10_00), event.extended(END + 5 * MINUTE, END)]);
    // Moved back to the lot's end: no extension past it.
    given(history(capped, command.moveAuctionEnd(END + 60 * MINUTE), command.moveAuctionEnd(END)))
      .when(command.bid('alice', 10_00, { id: 'b1', at: END - 1 }))
      .then([event.manual('b1', 'alice', 10_00)]);
    // An auction without an end no longer caps them.
    given(history(capped, command.moveAuctionEnd(null)))
      .when(command.bid('alice', 10_00, { id: 'b1', at: END - 1 }))
      .then([event.manual('b1', 'alice', 10_00), event.extended(END + 5 * MINUTE, END)]);
  });

  it('once per command, however many bids it caused', () => {
    given(history(open, command.max('alice', 50_00, { id: 'm1', at: minutesBefore(60) })))
      .when(command.bid('bob', 20_00, { id: 'b2', at: END - MINUTE }))
      .then([
        event.manual('b2', 'bob', 20_00),
        event.answer('b2', 1, 'alice', 21_00, 'm1'),
        event.extended(END + 5 * MINUTE, END),
      ]);
  });

  it('for the automatic bids of a max too, but not for a raise that places no bid', () => {
    const events = history(open);
    given(events)
      .when(command.max('alice', 50_00, { id: 'm1', at: END - MINUTE }))
      .then([
        event.maxPlaced('alice', 50_00),
        event.ownMax('m1', 0, 'alice', 10_00),
        event.extended(END + 5 * MINUTE, END),
      ]);
    given(history(open, command.max('alice', 50_00, { at: minutesBefore(60) })))
      .when(command.max('alice', 60_00, { at: END - MINUTE }))
      .then([event.maxRaised('alice', 60_00, 50_00)]);
  });

  it('keeps the lot open until the new end, and no longer', () => {
    const events = history(open, command.bid('alice', 10_00, { at: END - MINUTE }));
    given(events)
      .when(command.bid('bob', 11_00, { id: 'b2', at: END + MINUTE }))
      .then([event.manual('b2', 'bob', 11_00), event.extended(END + 10 * MINUTE, END + 5 * MINUTE)]);
    given(events)
      .when(command.bid('bob', 11_00, { at: END + 5 * MINUTE }))
      .then('item_closed');
    given(events)
      .when(command.close({ at: END }))
      .then('lot_not_ended');
  });
});
