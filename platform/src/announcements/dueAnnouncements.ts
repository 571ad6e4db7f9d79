import type { Db } from '../db.ts';
import { announcementSchedule, tiedEndsAt } from './announcementSchedule.ts';
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
 * Queues the auction's announcements whose time has come (one for later at its time or so long
 * before the end it is tied to, one whose send died after ANNOUNCEMENT_ORPHAN_MS), cancels those
 * tied to an end that passed, and answers when the next one is due, or null.
 */
export async function sendDueAnnouncements(
  deps: AnnouncementQueuing,
  auctionId: number,
  now: number,
): Promise<number | null> {
  const waiting = await deps.db
    .selectFrom('auction_announcements as a')
    .innerJoin('auctions as au', 'au.id', 'a.auction_id')
    .leftJoin('closing_groups as cg', 'cg.id', 'a.closing_group_id')
    .select(['a.id', 'a.send_at', 'a.minutes_before_end', 'a.created_at', 'au.status', tiedEndsAt.as('ends_at')])
    .where('a.auction_id', '=', auctionId)
    .where('a.queued_at', 'is', null)
    .where('a.cancelled_at', 'is', null)
    .orderBy('a.id')
    .execute();
  let next: number | null = null;
  for (const row of waiting) {
    const schedule = announcementSchedule(
      { sendAt: row.send_at, minutesBeforeEnd: row.minutes_before_end },
      { status: row.status, endsAt: row.ends_at },
    );
    if (schedule.kind === 'waitingForEnd') continue;
    const dueAt =
      schedule.kind === 'at'
        ? schedule.at
        : schedule.kind === 'now'
          ? row.created_at.getTime() + ANNOUNCEMENT_ORPHAN_MS
          : now;
    // Queuing checks again under the row's lock, and cancels one whose end has passed.
    if (dueAt <= now) await queueAnnouncement(deps, row.id, now);
    else next = next === null ? dueAt : Math.min(next, dueAt);
  }
  return next;
}
