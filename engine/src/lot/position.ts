import type { Cents } from '../money.ts';
import type { Pricing } from './config.ts';
import type { BidPlaced, LotEventBody } from './events.ts';
import { emptyMap, mapDelete, mapGet, mapSet, type PersistentMap } from './persistent-map.ts';

/** An undeleted max. `sourceCommandId` is the command that placed it: raises keep it, a removal names it. */
export type MaxBid = { readonly amount: Cents; readonly sourceCommandId: string };

/**
 * What the bidding rules need to decide the next bid, and nothing else: the price, who leads, and
 * the maxes not deleted. Only the leader can hold a max above the price, so a decision reads at
 * most two maxes whatever the number of bids.
 */
export type Position = {
  readonly price: Cents | null;
  readonly leaderId: string | null;
  /** By bidder. */
  readonly maxes: PersistentMap<MaxBid>;
};

export const emptyPosition: Position = { price: null, leaderId: null, maxes: emptyMap() };

export function maxOf(position: Position, bidderId: string): MaxBid | undefined {
  return mapGet(position.maxes, bidderId);
}

export function minimumNextBid(position: Position, pricing: Pricing): Cents {
  return position.price === null ? (pricing.startingBid ?? 0) : position.price + pricing.minimumIncrement;
}

export type BidData = BidPlaced['data'];

/** Ids follow from the producing command, so a replay after a removal re-derives the same ids. */
export function bidIdFor(commandId: string, index: number): string {
  return `${commandId}#${index}`;
}

/**
 * Moves the position by one rule outcome. Live evolution and the replay after a removal both go
 * through here, so they cannot disagree. `commandId` is the producing command's.
 */
export function applyToPosition(position: Position, body: LotEventBody, commandId: string): Position {
  switch (body.type) {
    case 'BidPlaced':
      return { ...position, price: body.data.amount, leaderId: body.data.bidderId };
    case 'MaxBidPlaced':
      return withMax(position, body.data.bidderId, { amount: body.data.maxAmount, sourceCommandId: commandId });
    case 'MaxBidRaised': {
      const current = maxOf(position, body.data.bidderId);
      const sourceCommandId = current?.sourceCommandId ?? commandId;
      return withMax(position, body.data.bidderId, { amount: body.data.maxAmount, sourceCommandId });
    }
    case 'MaxBidDeleted':
      return { ...position, maxes: mapDelete(position.maxes, body.data.bidderId) };
    default:
      return position;
  }
}

function withMax(position: Position, bidderId: string, max: MaxBid): Position {
  return { ...position, maxes: mapSet(position.maxes, bidderId, max) };
}
