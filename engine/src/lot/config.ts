import type { Cents } from '../money.ts';

export type LotType = 'bidding' | 'fixedPrice';

/**
 * Everything the rules read about a lot. It is copied into the stream when the lot opens (and
 * when an administrator changes it), so a replay needs nothing but the stream.
 */
export type LotConfig = {
  lotId: string;
  auctionId: string;
  type: LotType;
  startingBid: Cents | null;
  minimumIncrement: Cents;
  allowProxyBidding: boolean;
  /** Epoch ms. */
  endsAt: number;
  /** Epoch ms; an extension never pushes the lot past it. */
  auctionEndsAt: number | null;
  allowsTimeExtension: boolean;
  extensionDurationInMinutes: number;
  extensionDurationMaximumMinutes: number;
  minutesLeftBeforeAllowingExtension: number;
  multiSalePrice: Cents | null;
  /** Null means unlimited. */
  multiSaleQuantity: number | null;
  /** Null means no per-bidder cap. */
  maxPerBidder: number | null;
};

/** The part of the configuration that bidding rules depend on; a removal replays against it. */
export type Pricing = {
  readonly startingBid: Cents | null;
  readonly minimumIncrement: Cents;
};

export const MINUTE_MS = 60_000;

export function pricingOf(config: LotConfig): Pricing {
  return { startingBid: config.startingBid, minimumIncrement: config.minimumIncrement };
}

/** Spec 001 §5: a bidding lot with no or zero starting bid has no price. */
export function hasBiddingPrice(pricing: Pricing): boolean {
  return pricing.startingBid !== null && pricing.startingBid > 0;
}

/** The unit price of a fixed-price lot, or null when it has none: a zero price counts as none, like a zero starting bid. */
export function fixedPriceOf(config: LotConfig): Cents | null {
  return config.type === 'fixedPrice' && config.multiSalePrice !== null && config.multiSalePrice > 0
    ? config.multiSalePrice
    : null;
}
