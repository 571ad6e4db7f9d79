import { expect } from 'vitest';
import type { LotEventBody } from '../../src/lot/events.ts';
import { withMeta } from '../../src/lot/events.ts';
import {
  type Decision,
  decide,
  evolve,
  initialState,
  type LotCommand,
  type LotEvent,
  type LotState,
  type RefusalReason,
  type Standing,
  standing,
} from '../../src/lot/index.ts';

export { command, END, fixedPriceConfig, lotConfig, MINUTE, minutesBefore } from '../../src/testing/index.ts';

/** Event bodies, as the rules produce them before the command's meta is attached. */
export const event = {
  manual: (commandId: string, bidderId: string, amount: number, index = 0): LotEventBody => ({
    type: 'BidPlaced',
    data: {
      bidId: `${commandId}#${index}`,
      bidderId,
      amount,
      isAutoBid: false,
      isMaxBid: false,
      sourceCommandId: commandId,
    },
  }),
  /** A bid the owner's own max command placed. */
  ownMax: (commandId: string, index: number, bidderId: string, amount: number, sourceCommandId = commandId) =>
    bidBody(commandId, index, bidderId, amount, true, sourceCommandId),
  /** A max answering somebody else's command. */
  answer: (commandId: string, index: number, bidderId: string, amount: number, sourceCommandId: string) =>
    bidBody(commandId, index, bidderId, amount, false, sourceCommandId),
  maxPlaced: (bidderId: string, maxAmount: number): LotEventBody => ({
    type: 'MaxBidPlaced',
    data: { bidderId, maxAmount },
  }),
  maxRaised: (bidderId: string, maxAmount: number, previousMaxAmount: number): LotEventBody => ({
    type: 'MaxBidRaised',
    data: { bidderId, maxAmount, previousMaxAmount },
  }),
  maxDeleted: (bidderId: string): LotEventBody => ({ type: 'MaxBidDeleted', data: { bidderId } }),
  extended: (endsAt: number, previousEndsAt: number): LotEventBody => ({
    type: 'LotExtended',
    data: { endsAt, previousEndsAt },
  }),
  removed: (data: {
    bidId: string | null;
    bidderId: string;
    removedCommandIds: string[];
    price: number | null;
    leaderId: string | null;
  }): LotEventBody => ({ type: 'BidRemoved', data: { ...data, removedBy: 'admin', reason: 'shill bidding' } }),
  liveSale: (bidderId: string, price: number): LotEventBody => ({
    type: 'LiveSaleRecorded',
    data: { bidderId, price },
  }),
  closed: (status: 3 | 4 | 5, winnerId: string | null, price: number | null, early = false): LotEventBody => ({
    type: 'LotClosed',
    data: { status, winnerId, price, early },
  }),
};

function bidBody(
  commandId: string,
  index: number,
  bidderId: string,
  amount: number,
  isMaxBid: boolean,
  sourceCommandId: string,
): LotEventBody {
  return {
    type: 'BidPlaced',
    data: { bidId: `${commandId}#${index}`, bidderId, amount, isAutoBid: true, isMaxBid, sourceCommandId },
  };
}

/** The events of commands that must all be accepted: the "given" of a test, written as what happened. */
export function history(...commands: LotCommand[]): LotEvent[] {
  let state = initialState();
  const events: LotEvent[] = [];
  for (const each of commands) {
    const decision = decide(state, each);
    if (!decision.ok) throw new Error(`history: ${each.type} ${each.commandId} refused: ${decision.reason}`);
    events.push(...decision.events);
    state = decision.events.reduce(evolve, state);
  }
  return events;
}

export function stateOf(events: LotEvent[]): LotState {
  return events.reduce(evolve, initialState());
}

/**
 * given(events).when(command).then(expected): `expected` is the event bodies (the command's meta is
 * attached to them) or a refusal. It returns the standing after the events, for further checks.
 */
export function given(events: LotEvent[]) {
  const state = stateOf(events);
  return {
    state,
    when(next: LotCommand) {
      const decision: Decision = decide(state, next);
      return {
        decision,
        // biome-ignore lint/suspicious/noThenProperty: given/when/then is the tests' vocabulary; nothing awaits this object.
        then(expected: LotEventBody[] | RefusalReason): Standing {
          if (typeof expected === 'string') {
            expect(decision).toEqual({ ok: false, reason: expected });
            return standing(state);
          }
          const meta = { commandId: next.commandId, userId: next.userId, at: next.at };
          expect(decision).toEqual({ ok: true, events: expected.map((body) => withMeta(body, meta)) });
          return standing(decision.ok ? decision.events.reduce(evolve, state) : state);
        },
      };
    },
  };
}
