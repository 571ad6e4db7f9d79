import { lotCommands, lotConfig, MINUTE } from '@auction/engine/testing';

export { MINUTE };

/** Lot 7 ends at T, extends by 2 minutes up to 10 when bid on in its last 5; its auction ends an hour later. */
export const T = Date.UTC(2026, 10, 21, 20, 0, 0);
export const config = lotConfig({
  lotId: '7',
  auctionId: '1',
  endsAt: T,
  auctionEndsAt: T + 60 * MINUTE,
  allowsTimeExtension: true,
  extensionDurationInMinutes: 2,
  extensionDurationMaximumMinutes: 10,
  minutesLeftBeforeAllowingExtension: 5,
});

/** Lot 7's commands: opened and acted on ten minutes before its end, closed at it. */
export const command = lotCommands({ at: T - 10 * MINUTE, openAt: T - 10 * MINUTE, closeAt: T, lot: () => config });
