import type { LotEventBody } from '../../src/lot/events.ts';
import { withMeta } from '../../src/lot/events.ts';
import { decide, evolve, initialState, standing } from '../../src/lot/index.ts';
import { modelTests } from '../modelTests.ts';

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
  saleCorrected: (bidderId: string, price: number, previousBidderId: string, previousPrice: number): LotEventBody => ({
    type: 'LiveSaleCorrected',
    data: { bidderId, price, previousBidderId, previousPrice, reason: 'paddle misread' },
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

/**
 * `history(...commands)` the "given" of a test, written as what happened;
 * `given(events).when(command).then(expected)` returns the standing after, for further checks.
 */
export const { stateOf, history, given } = modelTests({ initialState, decide, evolve, withMeta }, standing);
