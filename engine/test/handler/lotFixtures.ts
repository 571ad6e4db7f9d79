import type { LotConfig } from '../../src/lot/index.ts';
import { HOUR, lotConfig as testLot } from '../../src/testing/index.ts';

export const NOW = Date.UTC(2026, 10, 21, 19, 0, 0);

/** The shared test lot (starting bid 10.00, increment 1.00, no extension), ending an hour after NOW. */
export function lotConfig(lotId: string, overrides: Partial<LotConfig> = {}): LotConfig {
  return testLot({ lotId, auctionId: 'a1', endsAt: NOW + HOUR, auctionEndsAt: NOW + 2 * HOUR, ...overrides });
}

export const envelope = (commandId: string, at = NOW) => ({ commandId, userId: 'u-admin', at, auctionActive: true });
