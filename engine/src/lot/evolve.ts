import { LotStatus } from '@auction/contract';
import { pricingOf } from './config.ts';
import type { LotEvent } from './events.ts';
import { prepend } from './list.ts';
import { mapGet, mapSet } from './persistent-map.ts';
import { applyToPosition, maxOf } from './position.ts';
import { replayBidding } from './rules/removal.ts';
import { type LotState, standingBidOf } from './state.ts';

/**
 * Folds one event into the state without touching the old one, so a decision can be discarded
 * when its append fails. Every event records its command as processed.
 */
export function evolve(state: LotState, event: LotEvent): LotState {
  const next = apply(state, event);
  const previous = mapGet(next.outcomes, event.meta.commandId);
  const events = previous === undefined ? [event] : [...previous.events, event];
  return { ...next, outcomes: mapSet(next.outcomes, event.meta.commandId, { accepted: true, events }) };
}

function apply(state: LotState, event: LotEvent): LotState {
  const { commandId, at } = event.meta;
  switch (event.type) {
    case 'LotOpened':
      return {
        ...state,
        lotStatus: LotStatus.InProgress,
        config: event.data,
        endsAt: event.data.endsAt,
        initialEndsAt: event.data.endsAt,
        ledger: prepend(state.ledger, { kind: 'pricing', pricing: pricingOf(event.data) }),
      };
    case 'BidPlaced': {
      const { data } = event;
      return {
        ...state,
        position: applyToPosition(state.position, event, commandId),
        bids: prepend(state.bids, standingBidOf(data, at)),
        bidCount: state.bidCount + 1,
        // Automatic bids are re-derived from the commands on a replay, so only manual ones are kept.
        ledger: data.isAutoBid
          ? state.ledger
          : prepend(state.ledger, { kind: 'bid', commandId, bidderId: data.bidderId, amount: data.amount, at }),
      };
    }
    case 'MaxBidPlaced':
    case 'MaxBidRaised': {
      const { bidderId, maxAmount } = event.data;
      const chainId = maxOf(state.position, bidderId)?.sourceCommandId ?? commandId;
      return {
        ...state,
        position: applyToPosition(state.position, event, commandId),
        ledger: prepend(state.ledger, { kind: 'maxBid', commandId, bidderId, maxAmount, chainId, at }),
      };
    }
    case 'MaxBidDeleted': {
      const { bidderId } = event.data;
      const chainId = maxOf(state.position, bidderId)?.sourceCommandId ?? commandId;
      return {
        ...state,
        position: applyToPosition(state.position, event, commandId),
        ledger: prepend(state.ledger, { kind: 'deleteMax', commandId, bidderId, chainId, at }),
      };
    }
    case 'LotExtended':
      return { ...state, endsAt: event.data.endsAt };
    case 'LotClosed':
      return { ...state, lotStatus: event.data.status, winnerId: event.data.winnerId };
    case 'BidRemoved':
      return removed(state, event.data.removedCommandIds);
    case 'ItemPurchased': {
      const { bidderId, quantity } = event.data;
      return {
        ...state,
        sold: state.sold + quantity,
        owned: mapSet(state.owned, bidderId, (mapGet(state.owned, bidderId) ?? 0) + quantity),
      };
    }
    case 'LotHidden':
      return { ...state, hidden: true };
    case 'LotShown':
      return { ...state, hidden: false };
    case 'LotRescheduled': {
      const { endsAt } = event.data;
      const config = state.config === null ? null : { ...state.config, endsAt };
      return { ...state, config, endsAt, initialEndsAt: endsAt };
    }
    case 'AuctionEndMoved': {
      const config = state.config === null ? null : { ...state.config, auctionEndsAt: event.data.auctionEndsAt };
      return { ...state, config };
    }
    case 'LiveSaleRecorded':
      return { ...state, liveSale: { bidderId: event.data.bidderId, price: event.data.price } };
    case 'LiveSaleCorrected': {
      const { bidderId, price } = event.data;
      return { ...state, liveSale: { bidderId, price }, winnerId: bidderId };
    }
    case 'LotRepriced': {
      const config = state.config === null ? null : { ...state.config, ...event.data };
      return {
        ...state,
        config,
        ledger: config === null ? state.ledger : prepend(state.ledger, { kind: 'pricing', pricing: pricingOf(config) }),
      };
    }
  }
}

/** After a close, the recomputed leader becomes the winner; an early close stays without one. */
function removed(state: LotState, commandIds: readonly string[]): LotState {
  const removedCommandIds = new Set([...state.removedCommandIds, ...commandIds]);
  const { position, bids, bidCount } = replayBidding(state.ledger, removedCommandIds);
  const next = { ...state, removedCommandIds, position, bids, bidCount };
  // A lot sold on stage keeps its stage winner: removing an online bid does not re-decide it.
  if (state.liveSale !== null) return next;
  if (state.lotStatus !== LotStatus.ClosedNoBid && state.lotStatus !== LotStatus.ClosedWon) return next;
  return {
    ...next,
    winnerId: position.leaderId,
    lotStatus: position.leaderId === null ? LotStatus.ClosedNoBid : LotStatus.ClosedWon,
  };
}
