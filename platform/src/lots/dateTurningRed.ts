/** Without an extension window, a lot turns red this long before its end (the leaderboard's 5 minutes). */
export const DEFAULT_RED_MINUTES = 5;

export interface RedRule {
  allowsTimeExtension: boolean;
  minutesLeftBeforeAllowingExtension: number;
}

/**
 * When a lot "turns red" (closing soon, spec 001 §4): the start of its anti-sniping window, when
 * late bids begin to extend it; a lot without extensions turns red 5 minutes before its end. The
 * API's `dateTurningRed` and the workers' AuctionLotItemClosingSoon follow this one rule.
 */
export function dateTurningRed(endsAt: number, rule: RedRule): number {
  const minutes = rule.allowsTimeExtension ? rule.minutesLeftBeforeAllowingExtension : DEFAULT_RED_MINUTES;
  return endsAt - minutes * 60_000;
}
