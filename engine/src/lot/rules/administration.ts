import { LotStatus } from '@auction/contract';
import type { RepriceLot } from '../commands.ts';
import type { LotConfig } from '../config.ts';
import { accept, type RuleResult, refuse } from '../decision.ts';
import type { LotRepriced } from '../events.ts';
import type { RefusalReason } from '../refusals.ts';
import { isClosed, type LotState } from '../state.ts';

export function openLot(state: LotState, config: LotConfig): RuleResult {
  if (state.lotStatus !== LotStatus.NotStarted) return refuse('lot_already_opened');
  const invalid = invalidConfig(config);
  if (invalid !== null) return refuse(invalid);
  return accept([{ type: 'LotOpened', data: config }]);
}

/** Hiding a hidden lot changes nothing, so it is accepted without an event rather than refused. */
export function setHidden(state: LotState, hidden: boolean): RuleResult {
  if (state.hidden === hidden) return accept([]);
  return accept([hidden ? { type: 'LotHidden', data: {} } : { type: 'LotShown', data: {} }]);
}

/**
 * Allowed on a closed lot so that an administrator can correct its dates, but a close stays final:
 * winners may already be told and invoiced, so a new date never reopens the lot.
 */
export function rescheduleLot(endsAt: number): RuleResult {
  if (!Number.isSafeInteger(endsAt)) return refuse('invalid_date');
  return accept([{ type: 'LotRescheduled', data: { endsAt } }]);
}

/**
 * The auction's end moved (the evening runs late, or the organisers close sooner), so the end an
 * extension may not pass follows it: otherwise a lot rescheduled past the old end would never
 * extend again. The lot's own end does not move. The same end again changes nothing, so the
 * workers may send it as often as they look; a closed lot's cap no longer matters.
 */
export function moveAuctionEnd(state: LotState, config: LotConfig, auctionEndsAt: number | null): RuleResult {
  if (isClosed(state)) return refuse('item_closed');
  if (auctionEndsAt !== null && !Number.isSafeInteger(auctionEndsAt)) return refuse('invalid_date');
  if (auctionEndsAt === config.auctionEndsAt) return accept([]);
  return accept([{ type: 'AuctionEndMoved', data: { auctionEndsAt, previousAuctionEndsAt: config.auctionEndsAt } }]);
}

export function repriceLot(state: LotState, config: LotConfig, command: RepriceLot): RuleResult {
  if (isClosed(state)) return refuse('item_closed');
  const data: LotRepriced['data'] = {
    startingBid: command.startingBid === undefined ? config.startingBid : command.startingBid,
    minimumIncrement: command.minimumIncrement ?? config.minimumIncrement,
    multiSalePrice: command.multiSalePrice === undefined ? config.multiSalePrice : command.multiSalePrice,
    multiSaleQuantity: command.multiSaleQuantity === undefined ? config.multiSaleQuantity : command.multiSaleQuantity,
    maxPerBidder: command.maxPerBidder === undefined ? config.maxPerBidder : command.maxPerBidder,
  };
  const invalid = invalidConfig({ ...config, ...data });
  if (invalid !== null) return refuse(invalid);
  return accept([{ type: 'LotRepriced', data }]);
}

/**
 * The types cannot say "whole cents" or "whole minutes". A zero starting or fixed price is valid:
 * it is how a lot without a price is configured, and bids on it are refused with item_no_price.
 */
function invalidConfig(config: LotConfig): RefusalReason | null {
  const money = [config.startingBid, config.multiSalePrice];
  if (money.some((amount) => amount !== null && !isWholeAtLeast(amount, 0))) return 'invalid_amount';
  // An increment of zero would let equal bids follow one another.
  if (!isWholeAtLeast(config.minimumIncrement, 1)) return 'invalid_amount';
  const quantities = [config.multiSaleQuantity, config.maxPerBidder];
  if (quantities.some((quantity) => quantity !== null && !isWholeAtLeast(quantity, 0))) return 'invalid_quantity';
  const times = [config.endsAt, config.auctionEndsAt];
  if (times.some((time) => time !== null && !Number.isSafeInteger(time))) return 'invalid_date';
  const minutes = [
    config.extensionDurationInMinutes,
    config.extensionDurationMaximumMinutes,
    config.minutesLeftBeforeAllowingExtension,
  ];
  if (minutes.some((duration) => !isWholeAtLeast(duration, 0))) return 'invalid_date';
  return null;
}

function isWholeAtLeast(n: number, minimum: number): boolean {
  return Number.isSafeInteger(n) && n >= minimum;
}
