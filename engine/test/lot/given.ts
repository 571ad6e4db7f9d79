import { expect } from 'vitest';
import type { LotEventBody } from '../../src/lot/events.ts';
import { withMeta } from '../../src/lot/events.ts';
import type {
  BuyItem,
  CloseLot,
  CloseLotEarly,
  CommandEnvelope,
  DeleteMaxBid,
  HideLot,
  OpenLot,
  PlaceBid,
  PlaceMaxBid,
  RemoveBid,
  RepriceLot,
  RescheduleLot,
  ShowLot,
} from '../../src/lot/index.ts';
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

export { END, fixedPriceConfig, lotConfig, MINUTE, minutesBefore } from './lotConfig.ts';

import { END, lotConfig, minutesBefore } from './lotConfig.ts';

type Options = { id?: string; at?: number; auctionActive?: boolean; userId?: string | null };

let generated = 0;
function envelope(options: Options, userId: string | null): CommandEnvelope {
  generated += 1;
  return {
    commandId: options.id ?? `generated-${generated}`,
    userId: options.userId === undefined ? userId : options.userId,
    at: options.at ?? minutesBefore(60),
    auctionActive: options.auctionActive ?? true,
  };
}

/** Command builders; a command is made one hour before the end unless told otherwise. */
export const command = {
  open: (config = lotConfig(), options: Options = {}): OpenLot => ({
    ...envelope({ at: minutesBefore(24 * 60), ...options }, 'admin'),
    type: 'OpenLot',
    config,
  }),
  bid: (bidderId: string, amount: number, options: Options = {}): PlaceBid => ({
    ...envelope(options, bidderId),
    type: 'PlaceBid',
    bidderId,
    amount,
  }),
  max: (bidderId: string, maxAmount: number, options: Options = {}): PlaceMaxBid => ({
    ...envelope(options, bidderId),
    type: 'PlaceMaxBid',
    bidderId,
    maxAmount,
  }),
  deleteMax: (bidderId: string, options: Options = {}): DeleteMaxBid => ({
    ...envelope(options, bidderId),
    type: 'DeleteMaxBid',
    bidderId,
  }),
  buy: (bidderId: string, quantity: number, options: Options = {}): BuyItem => ({
    ...envelope(options, bidderId),
    type: 'BuyItem',
    bidderId,
    quantity,
  }),
  remove: (target: { bidId: string } | { sourceCommandId: string }, options: Options = {}): RemoveBid => ({
    ...envelope(options, 'admin'),
    type: 'RemoveBid',
    ...target,
    reason: 'shill bidding',
  }),
  close: (options: Options = {}): CloseLot => ({ ...envelope({ at: END, ...options }, null), type: 'CloseLot' }),
  closeEarly: (options: Options = {}): CloseLotEarly => ({ ...envelope(options, 'admin'), type: 'CloseLotEarly' }),
  hide: (options: Options = {}): HideLot => ({ ...envelope(options, 'admin'), type: 'HideLot' }),
  show: (options: Options = {}): ShowLot => ({ ...envelope(options, 'admin'), type: 'ShowLot' }),
  reschedule: (endsAt: number, options: Options = {}): RescheduleLot => ({
    ...envelope(options, 'admin'),
    type: 'RescheduleLot',
    endsAt,
  }),
  reprice: (fields: Omit<RepriceLot, 'type' | keyof CommandEnvelope>, options: Options = {}): RepriceLot => ({
    ...envelope(options, 'admin'),
    type: 'RepriceLot',
    ...fields,
  }),
};

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
