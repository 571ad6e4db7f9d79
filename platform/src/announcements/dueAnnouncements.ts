import type { Db } from '../db.ts';
import { type AnnouncementQueuing, queueAnnouncement } from './queueAnnouncement.ts';

/**
 * How long an announcement to send at once waits for the request that recorded it before the
 * workers queue it themselves: that request queues it within a second, or deletes it and answers
 * 503; only one that died on the way (its process killed) is still waiting after this.
 */
export const ANNOUNCEMENT_ORPHAN_MS = 60_000;

/** The auctions with an announcement not yet gone out nor cancelled, for the workers' sweep. */
export async function auctionsWithWaitingAnnouncements(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('auction_announcements')
    .select('auction_id')
    .distinct()
    .where('queued_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .execute();
  return rows.map((row) => row.auction_id);
}

/**
 * Queues the auction's announcements whose time has come (a scheduled one at its time, one whose
 * send died after ANNOUNCEMENT_ORPHAN_MS) and answers when the next one is due, or null.
 */
export async function sendDueAnnouncements(
  deps: AnnouncementQueuing,
  auctionId: number,
  now: number,
): Promise<number | null> {
  const waiting = await deps.db
    .selectFrom('auction_announcements')
    .select(['id', 'send_at', 'created_at'])
    .where('auction_id', '=', auctionId)
    .where('queued_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .orderBy('id')
    .execute();
  let next: number | null = null;
  for (const row of waiting) {
    const dueAt = row.send_at?.getTime() ?? row.created_at.getTime() + ANNOUNCEMENT_ORPHAN_MS;
    if (dueAt <= now) await queueAnnouncement(deps, row.id, now);
    else next = next === null ? dueAt : Math.min(next, dueAt);
  }
  return next;
}
