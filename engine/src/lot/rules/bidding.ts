import type { Cents } from '../../money.ts';
import { hasBiddingPrice, type Pricing } from '../config.ts';
import { accept, type RuleResult, refuse } from '../decision.ts';
import type { LotEventBody } from '../events.ts';
import { type BidData, bidIdFor, maxOf, minimumNextBid, type Position } from '../position.ts';

export type BidRequest = { commandId: string; bidderId: string; amount: Cents };

/**
 * Rule 1, the manual bid. The bid stands; the previous leader's max, if it covers the amount,
 * answers at once and keeps the lead, even at an equal amount since that max was committed first.
 */
export function manualBid(position: Position, pricing: Pricing, request: BidRequest): RuleResult {
  if (!hasBiddingPrice(pricing)) return refuse('item_no_price');
  if (request.amount < minimumNextBid(position, pricing)) return refuse('bid_too_low');
  const bodies: LotEventBody[] = [];
  addBid(bodies, request.commandId, {
    bidderId: request.bidderId,
    amount: request.amount,
    isAutoBid: false,
    isMaxBid: false,
    sourceCommandId: request.commandId,
  });
  const leaderId = position.leaderId;
  const leaderMax = leaderId === null || leaderId === request.bidderId ? undefined : maxOf(position, leaderId);
  if (leaderId !== null && leaderMax !== undefined && leaderMax.amount >= request.amount) {
    addBid(bodies, request.commandId, {
      bidderId: leaderId,
      amount: Math.min(leaderMax.amount, request.amount + pricing.minimumIncrement),
      isAutoBid: true,
      isMaxBid: false,
      sourceCommandId: leaderMax.sourceCommandId,
    });
  }
  return accept(bodies);
}

/** Numbers bids by their rank within the command, which is what makes their ids reproducible. */
export function addBid(bodies: LotEventBody[], commandId: string, bid: Omit<BidData, 'bidId'>): void {
  const index = bodies.filter((body) => body.type === 'BidPlaced').length;
  bodies.push({ type: 'BidPlaced', data: { bidId: bidIdFor(commandId, index), ...bid } });
}
