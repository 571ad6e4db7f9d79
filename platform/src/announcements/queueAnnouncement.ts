import { AuctionStatus } from '@auction/contract';
import type { Db } from '../db.ts';
import type { AccountLinks } from '../messages/accountLinks.ts';
import { enqueueMessages, type MessageBatchQueue } from '../messages/messageJob.ts';
import { readAnnouncementGuests } from './announcementGuests.ts';
import { type AnnouncementGuest, announcementMessages, announcementWords, countByChannel } from './announcementPlan.ts';
import { announcementSchedule, tiedEndHasPassed, tiedEndsAt } from './announcementSchedule.ts';

/** What queuing an announcement needs: the API's send and the workers' scheduled sends share it. */
export interface AnnouncementQueuing {
  db: Db;
  messages: MessageBatchQueue;
  /** The auction's page in each language (`accountLinks().auction`, as invitations link to it). */
  links: Pick<AccountLinks, 'auction'>;
  /**
   * Shows a message to all the guests to everyone on the auction's pages (the hub's
   * `AuctionAnnouncement`). Called once, after the messages are queued; must not throw.
   */
  publish(
    auctionId: number,
    announcement: { announcementId: number; message: { en?: string; fr?: string } },
  ): Promise<void>;
}

export type QueuingOutcome =
  | { kind: 'queued' }
  /** Its messages were already on the queue: nothing was done. */
  | { kind: 'alreadyQueued' }
  | { kind: 'cancelled' }
  /** Its time has not come; null: tied to the end of an auction without one. */
  | { kind: 'notDue'; sendAt: number | null }
  | { kind: 'missing' };

/**
 * Puts an announcement's messages on the queue and marks it queued, with what each channel
 * carries: to `guests` when the caller just read them (a send at once), else to the guests as
 * they are now. The row stays locked from the check to the mark, so a cancel either lands before
 * (nothing is queued) or is refused after (it went out), and two queuers mark it once. Messages
 * are keyed by announcement, guest and channel, so queuing them again sends nothing twice.
 * One whose auction was archived before its time is cancelled instead, as is one tied to an end
 * that came before it could go out, or to the auction's end once bidding is no longer open.
 */
export async function queueAnnouncement(
  deps: AnnouncementQueuing,
  announcementId: number,
  now: number,
  guests?: readonly AnnouncementGuest[],
): Promise<QueuingOutcome> {
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('auction_announcements as a')
      .innerJoin('auctions as au', 'au.id', 'a.auction_id')
      .leftJoin('closing_groups as cg', 'cg.id', 'a.closing_group_id')
      .select([
        'a.auction_id',
        'a.message_en',
        'a.message_fr',
        'a.audience',
        'a.guest_id',
        'a.channels',
        'a.queued_at',
        'a.cancelled_at',
        'a.send_at',
        'a.minutes_before_end',
        'au.status',
        tiedEndsAt.as('ends_at'),
        'au.organization_id',
        'au.url_magic_link',
      ])
      .where('a.id', '=', announcementId)
      .forUpdate('a')
      .executeTakeFirst();
    if (!row) return { kind: 'missing' } as const;
    if (row.queued_at !== null) return { kind: 'alreadyQueued' } as const;
    if (row.cancelled_at !== null) return { kind: 'cancelled' } as const;
    const timing = { sendAt: row.send_at, minutesBeforeEnd: row.minutes_before_end };
    const end = { status: row.status, endsAt: row.ends_at };
    const schedule = announcementSchedule(timing, end);
    if (schedule.kind === 'waitingForEnd') return { kind: 'notDue', sendAt: null } as const;
    if (schedule.kind === 'at' && schedule.at > now) return { kind: 'notDue', sendAt: schedule.at } as const;
    if (row.status === AuctionStatus.Archived || tiedEndHasPassed(timing, end, now)) {
      await trx
        .updateTable('auction_announcements')
        .set({ cancelled_at: new Date(now) })
        .where('id', '=', announcementId)
        .execute();
      return { kind: 'cancelled' } as const;
    }
    const names = await trx
      .selectFrom('auction_translations')
      .select(['language_code', 'title_short'])
      .where('auction_id', '=', row.auction_id)
      .execute();
    const named: { en?: string; fr?: string } = {};
    for (const name of names) if (name.title_short?.trim()) named[name.language_code as 'en' | 'fr'] = name.title_short;
    const message = announcementWords(row.message_en, row.message_fr);
    const request = { message, channels: row.channels, audience: row.audience, guestId: row.guest_id };
    const jobs = announcementMessages(
      guests ?? (await readAnnouncementGuests(trx, row.auction_id, row.organization_id)),
      request,
      {
        announcementId,
        organizationId: row.organization_id,
        names: named,
        urlMagicLink: row.url_magic_link,
        link: (language) => deps.links.auction(language, row.url_magic_link),
      },
    );
    // Inside the lock: a queue that refuses the batch (one Redis transaction) leaves it unqueued.
    await enqueueMessages(deps.messages, jobs);
    const counts = countByChannel(jobs);
    await trx
      .updateTable('auction_announcements')
      .set({
        queued_at: new Date(now),
        email_recipients: counts.email,
        sms_recipients: counts.sms,
        push_recipients: counts.push,
      })
      .where('id', '=', announcementId)
      .execute();
    return { kind: 'queued', auctionId: row.auction_id, audience: row.audience, message } as const;
  });
  if (outcome.kind !== 'queued') return outcome;
  if (outcome.audience === 'all') {
    // Not for a part of the guests: the hub cannot tell who is at the venue.
    await deps.publish(outcome.auctionId, { announcementId, message: outcome.message });
  }
  return { kind: 'queued' };
}
