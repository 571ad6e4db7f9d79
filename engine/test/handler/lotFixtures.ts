import type { LotConfig } from '../../src/lot/index.ts';

export const HOUR = 3_600_000;
export const NOW = Date.UTC(2026, 10, 21, 19, 0, 0);

export function lotConfig(lotId: string, overrides: Partial<LotConfig> = {}): LotConfig {
  return {
    lotId,
    auctionId: 'a1',
    type: 'bidding',
    startingBid: 1000,
    minimumIncrement: 100,
    allowProxyBidding: true,
    endsAt: NOW + HOUR,
    auctionEndsAt: NOW + 2 * HOUR,
    allowsTimeExtension: false,
    extensionDurationInMinutes: 2,
    extensionDurationMaximumMinutes: 10,
    minutesLeftBeforeAllowingExtension: 2,
    multiSalePrice: null,
    multiSaleQuantity: null,
    maxPerBidder: null,
    ...overrides,
  };
}

export const envelope = (commandId: string, at = NOW) => ({ commandId, userId: 'u-admin', at, auctionActive: true });
