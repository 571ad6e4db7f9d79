import { type LotConfig, MINUTE_MS } from '../config.ts';

export type Schedule = { readonly endsAt: number; readonly initialEndsAt: number };

/**
 * Rule 5, anti-sniping: the end a command that placed bids at `at` moves the lot to, or null when
 * it stays. Judged once per command against the end before it, whatever the number of bids, so
 * a max answering a bid cannot stretch the lot twice.
 */
export function extendedEnd(config: LotConfig, schedule: Schedule, at: number): number | null {
  if (!config.allowsTimeExtension) return null;
  const step = config.extensionDurationInMinutes * MINUTE_MS;
  // A zero step would record an extension that moves nothing.
  if (step <= 0) return null;
  const { endsAt, initialEndsAt } = schedule;
  if (endsAt - at > config.minutesLeftBeforeAllowingExtension * MINUTE_MS) return null;
  if (endsAt - initialEndsAt >= config.extensionDurationMaximumMinutes * MINUTE_MS) return null;
  const extended = endsAt + step;
  if (config.auctionEndsAt !== null && extended > config.auctionEndsAt) return null;
  return extended;
}
