import type { Cents } from '../../money.ts';
import { hasBiddingPrice, type Pricing } from '../config.ts';
import { accept, type RuleResult, refuse } from '../decision.ts';
import type { LotEventBody } from '../events.ts';
import { maxOf, minimumNextBid, type Position } from '../position.ts';
import { addBid } from './bidding.ts';

export type MaxBidRequest = { commandId: string; bidderId: string; maxAmount: Cents };

/**
 * Rule 2, placing or raising a max. The incoming max always loses a tie against the leader's
 * max, because the leader's was committed first (rule 3).
 */
export function placeMaxBid(position: Position, pricing: Pricing, request: MaxBidRequest): RuleResult {
  if (!hasBiddingPrice(pricing)) return refuse('item_no_price');
  const { commandId, bidderId, maxAmount } = request;
  const minimum = minimumNextBid(position, pricing);
  const own = maxOf(position, bidderId);
  if (maxAmount < minimum || (own !== undefined && own.amount >= maxAmount)) return refuse('max_bid_too_low');

  // A beaten max that was never deleted is the same max raised again: removing it removes both.
  const bodies: LotEventBody[] = [
    own === undefined
      ? { type: 'MaxBidPlaced', data: { bidderId, maxAmount } }
      : { type: 'MaxBidRaised', data: { bidderId, maxAmount, previousMaxAmount: own.amount } },
  ];
  if (position.leaderId === bidderId) return accept(bodies);

  const sourceCommandId = own?.sourceCommandId ?? commandId;
  const ownBid = (amount: Cents) =>
    addBid(bodies, commandId, { bidderId, amount, isAutoBid: true, isMaxBid: true, sourceCommandId });
  const leaderId = position.leaderId;
  const leaderMax = leaderId === null ? undefined : maxOf(position, leaderId);
  const price = position.price;
  // A leader who bid manually past their own max no longer has a max that can answer.
  if (leaderId === null || leaderMax === undefined || price === null || leaderMax.amount < price) {
    ownBid(minimum);
    return accept(bodies);
  }
  const answer = (amount: Cents) =>
    addBid(bodies, commandId, {
      bidderId: leaderId,
      amount,
      isAutoBid: true,
      isMaxBid: false,
      sourceCommandId: leaderMax.sourceCommandId,
    });
  const increment = pricing.minimumIncrement;
  if (maxAmount > leaderMax.amount) {
    if (leaderMax.amount > price) answer(leaderMax.amount);
    ownBid(Math.min(maxAmount, leaderMax.amount + increment));
  } else {
    ownBid(maxAmount);
    answer(Math.min(leaderMax.amount, maxAmount + increment));
  }
  return accept(bodies);
}

/** Deleting stops further automatic bids; the bids it already placed keep standing. */
export function deleteMaxBid(position: Position, bidderId: string): RuleResult {
  if (maxOf(position, bidderId) === undefined) return refuse('bid_not_found');
  return accept([{ type: 'MaxBidDeleted', data: { bidderId } }]);
}
