import type { Cents } from '../money.ts';
import { oldestFirst } from './list.ts';
import { mapEntries } from './persistent-map.ts';
import { maxOf } from './position.ts';
import { remainingOf } from './rules/buy.ts';
import type { LotState, LotStatusCode, StandingBid } from './state.ts';

export type Standing = {
  lotStatus: LotStatusCode;
  price: Cents | null;
  leaderId: string | null;
  winnerId: string | null;
  endsAt: number;
  initialEndsAt: number;
  sold: number;
  /** Null for a bidding lot, or a fixed-price lot without a quantity limit. */
  remaining: number | null;
  /** Oldest first, without removed bids. */
  bids: StandingBid[];
  /** Every max not deleted, including those already beaten (at or below the price). */
  maxBids: Record<string, Cents>;
  hidden: boolean;
  bidCount: number;
};

/** The standing without the bid history and the list of maxes: constant time, for the answer to a command. */
export type StandingSummary = Omit<Standing, 'bids' | 'maxBids'>;

export function standingSummary(state: LotState): StandingSummary {
  const { config, position, liveSale } = state;
  return {
    lotStatus: state.lotStatus,
    // A stage sale's hammer price and winner stand in for the online bidding's.
    price: liveSale?.price ?? position.price,
    leaderId: liveSale?.bidderId ?? position.leaderId,
    winnerId: state.winnerId,
    endsAt: state.endsAt,
    initialEndsAt: state.initialEndsAt,
    sold: state.sold,
    remaining: config?.type === 'fixedPrice' ? remainingOf(config, state.sold) : null,
    hidden: state.hidden,
    bidCount: state.bidCount,
  };
}

/** A bidder's max that is not deleted (it may already be beaten), or null. */
export function maxBidOf(state: LotState, bidderId: string): Cents | null {
  return maxOf(state.position, bidderId)?.amount ?? null;
}

/** The read side of the state, as screens and projections see it. Linear in the bids, so not for the hot path. */
export function standing(state: LotState): Standing {
  return {
    ...standingSummary(state),
    bids: oldestFirst(state.bids),
    maxBids: Object.fromEntries(mapEntries(state.position.maxes).map(([bidderId, max]) => [bidderId, max.amount])),
  };
}
