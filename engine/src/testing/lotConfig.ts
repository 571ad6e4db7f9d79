import type { LotConfig } from '../lot/index.ts';

/** The lot's scheduled end in the engine's tests: 1 June 2025, 20:00 UTC. */
export const END = Date.UTC(2025, 5, 1, 20, 0);
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const minutesBefore = (minutes: number, end = END) => end - minutes * MINUTE;

/**
 * The test lot: starting bid 10.00, increment 1.00, proxy bidding allowed, no extension, ending at
 * END. Every workspace's tests start from it and override what their case is about.
 */
export function lotConfig(overrides: Partial<LotConfig> = {}): LotConfig {
  return {
    lotId: 'lot-1',
    auctionId: 'auction-1',
    type: 'bidding',
    startingBid: 10_00,
    minimumIncrement: 1_00,
    allowProxyBidding: true,
    endsAt: END,
    auctionEndsAt: null,
    allowsTimeExtension: false,
    extensionDurationInMinutes: 0,
    extensionDurationMaximumMinutes: 0,
    minutesLeftBeforeAllowingExtension: 0,
    multiSalePrice: null,
    multiSaleQuantity: null,
    maxPerBidder: null,
    ...overrides,
  };
}

/** A fixed-price lot: ten items at 25.00, no starting bid. */
export const fixedPriceConfig = (overrides: Partial<LotConfig> = {}) =>
  lotConfig({ type: 'fixedPrice', startingBid: null, multiSalePrice: 25_00, multiSaleQuantity: 10, ...overrides });
