import type { BidderNotification } from './lotNotifications.ts';

/**
 * One outbid notice per bidder and lot in this interval. In a closing minute a bidder is outbid
 * many times on the same lot; the first notice is the call to bid again, the next ones within a
 * minute only buzz their phone (the lot's live page shows every bid).
 */
export const OUTBID_NOTICE_INTERVAL_MS = 60_000;

/** The pair a throttled notice is about. */
export const outbidPair = (notification: BidderNotification): string =>
  `${notification.bidderId}:${notification.lotId}`;

/**
 * Which of a batch's notices to queue, in order: an outbid notice is not queued when one was
 * queued for the same bidder and lot less than `OUTBID_NOTICE_INTERVAL_MS` earlier, measured
 * between the notices' own times (`at`, the server time of the command behind each), never the
 * wall clock, so a follower catching up decides as a live one did. A winner's notice is always
 * queued. `lastQueuedAt` answers the time of a pair's last queued notice from earlier batches;
 * `queuedAt` holds the pairs this batch queued, to remember once the batch's messages are queued.
 */
export function throttleOutbidNotices(
  notifications: readonly BidderNotification[],
  lastQueuedAt: (pair: string) => number | undefined,
): { queue: BidderNotification[]; queuedAt: Map<string, number> } {
  const queue: BidderNotification[] = [];
  const queuedAt = new Map<string, number>();
  for (const notification of notifications) {
    if (notification.kind === 'outbid') {
      const pair = outbidPair(notification);
      const last = queuedAt.get(pair) ?? lastQueuedAt(pair);
      // A notice timed before the last one (clocks of two API processes) is within the interval too.
      if (last !== undefined && notification.at - last < OUTBID_NOTICE_INTERVAL_MS) continue;
      queuedAt.set(pair, notification.at);
    }
    queue.push(notification);
  }
  return { queue, queuedAt };
}
