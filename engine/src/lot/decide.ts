import type { LotCommand } from './commands.ts';
import { hasBiddingPrice, type LotConfig, pricingOf } from './config.ts';
import { type Decision, type RuleResult, refuse } from './decision.ts';
import { withMeta } from './events.ts';
import { moveAuctionEnd, openLot, repriceLot, rescheduleLot, setHidden } from './rules/administration.ts';
import { manualBid } from './rules/bidding.ts';
import { buyItem } from './rules/buy.ts';
import { closeLot, closeLotEarly } from './rules/closing.ts';
import { extendedEnd } from './rules/extension.ts';
import { biddingGuard, isPositiveCents, withdrawalGuard } from './rules/guards.ts';
import { correctLiveSale, recordLiveSale } from './rules/liveSale.ts';
import { deleteMaxBid, placeMaxBid } from './rules/max-bid.ts';
import { removeBid } from './rules/removal.ts';
import { type LotState, outcomeOf } from './state.ts';

/**
 * Judges one command against the state. Bids and max bids read only the price, the leader and at
 * most two maxes, so their cost does not grow with the lot's history; only a removal replays it.
 */
export function decide(state: LotState, command: LotCommand): Decision {
  // A retry appends nothing: the first decision already produced its events.
  if (outcomeOf(state, command.commandId) !== undefined) return { ok: true, events: [] };
  const result = judge(state, command);
  if (!result.ok) return result;
  const meta = { commandId: command.commandId, userId: command.userId, at: command.at };
  return { ok: true, events: result.bodies.map((body) => withMeta(body, meta)) };
}

function judge(state: LotState, command: LotCommand): RuleResult {
  if (command.type === 'OpenLot') return openLot(state, command.config);
  const config = state.config;
  if (config === null) return refuse('lot_not_opened');
  switch (command.type) {
    case 'PlaceBid': {
      const refusal =
        biddingGuard(state, command) ??
        biddingPriceGuard(config) ??
        (isPositiveCents(command.amount) ? null : 'invalid_amount');
      if (refusal !== null) return refuse(refusal);
      return withExtension(state, config, command.at, manualBid(state.position, pricingOf(config), command));
    }
    case 'PlaceMaxBid': {
      const refusal =
        biddingGuard(state, command) ??
        biddingPriceGuard(config) ??
        (config.allowProxyBidding ? null : 'proxy_not_allowed') ??
        (isPositiveCents(command.maxAmount) ? null : 'invalid_amount');
      if (refusal !== null) return refuse(refusal);
      return withExtension(state, config, command.at, placeMaxBid(state.position, pricingOf(config), command));
    }
    case 'DeleteMaxBid': {
      const refusal = withdrawalGuard(state, command);
      if (refusal !== null) return refuse(refusal);
      return deleteMaxBid(state.position, command.bidderId);
    }
    case 'BuyItem': {
      const refusal = biddingGuard(state, command);
      if (refusal !== null) return refuse(refusal);
      return buyItem(config, state, command);
    }
    case 'RemoveBid':
      return removeBid(state, command);
    case 'CloseLot':
      return closeLot(state, config, command.at);
    case 'CloseLotEarly':
      return closeLotEarly(state, command.at);
    case 'HideLot':
      return setHidden(state, true);
    case 'ShowLot':
      return setHidden(state, false);
    case 'RescheduleLot':
      return rescheduleLot(command.endsAt);
    case 'MoveAuctionEnd':
      return moveAuctionEnd(state, config, command.auctionEndsAt);
    case 'RepriceLot':
      return repriceLot(state, config, command);
    case 'RecordLiveSale':
      return recordLiveSale(state, config, command);
    case 'CorrectLiveSale':
      return correctLiveSale(state, command);
  }
}

/** A bid on a fixed-price lot has no price to be judged against, like a bidding lot without a starting bid. */
function biddingPriceGuard(config: LotConfig): 'item_no_price' | null {
  return config.type === 'bidding' && hasBiddingPrice(pricingOf(config)) ? null : 'item_no_price';
}

/** Rule 5 runs once per command that placed a bid, after its bids. */
function withExtension(state: LotState, config: LotConfig, at: number, result: RuleResult): RuleResult {
  if (!result.ok || !result.bodies.some((body) => body.type === 'BidPlaced')) return result;
  const endsAt = extendedEnd(config, state, at);
  if (endsAt === null) return result;
  return {
    ok: true,
    bodies: [...result.bodies, { type: 'LotExtended', data: { endsAt, previousEndsAt: state.endsAt } }],
  };
}
