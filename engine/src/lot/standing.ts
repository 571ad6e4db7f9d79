import type { Cents } from '../money.ts';
import { oldestFirst } from './list.ts';
import { mapEntries } from './persistent-map.ts';
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

/** The read side of the state, as screens and projections see it. Linear in the bids, so not for the hot path. */
export function standing(state: LotState): Standing {
  const { config, position } = state;
  return {
    lotStatus: state.lotStatus,
    price: position.price,
    leaderId: position.leaderId,
    winnerId: state.winnerId,
    endsAt: state.endsAt,
    initialEndsAt: state.initialEndsAt,
    sold: state.sold,
    remaining: config?.type === 'fixedPrice' ? remainingOf(config, state.sold) : null,
    bids: oldestFirst(state.bids),
    maxBids: Object.fromEntries(mapEntries(position.maxes).map(([bidderId, max]) => [bidderId, max.amount])),
    hidden: state.hidden,
    bidCount: state.bidCount,
  };
}
