import {
  ANNOUNCEMENT_MAX_WAITING,
  ANNOUNCEMENT_REPEAT_MINUTES,
  ANNOUNCEMENT_SCHEDULE_MAX_DAYS,
  ANNOUNCEMENT_SHOWN_HOURS,
  type Announcement,
  type AnnouncementAnswer,
  type AnnouncementChange,
  type AnnouncementChannel,
  type AnnouncementDelivery,
  type AnnouncementList,
  AuctionStatus,
  type PublishedAnnouncement,
} from '@auction/contract';
import type { AccountLinks, AnnouncementTerms, Db, MessageBatchQueue } from '@auction/platform';
import {
  ANNOUNCEMENT_ORPHAN_MS,
  type AnnouncementQueuing,
  type AnnouncementRequest,
  announcementSchedule,
  announcementWords,
  queueAnnouncement,
  reachOf,
  readAnnouncementGuests,
  tiedEndHasPassed,
  tiedEndsAt,
} from '@auction/platform/announcements';
import { sql } from 'kysely';
import { HttpError } from '../errors.ts';
import type { AuctionScheduler } from '../operator/auctionScheduler.ts';
import type { OperatorPublisher } from '../operator/operatorPublisher.ts';
import type { ManagedAuction } from '../operator/operatorScope.ts';
import { sameTerms, termsAnswer, termsOfChange, termsOfRow } from './announcementTerms.ts';

/**
 * Organisers' announcements to an auction's guests (docs/messages.md "Announcements to guests"):
 * the form's reach, the list with what became of each message, the send (at once or at a time
 * the workers keep), idempotent by its command id, and the cancel of one not yet gone out. A send
 * at once is recorded, then its messages are queued (one BullMQ round trip); the messages worker
 * sends each once, by the guest's channels, keeping STOP.
 */
export interface Announcements {
  list(auction: ManagedAuction): Promise<AnnouncementList>;
  /** The messages to all the guests the auction's pages show: sent, of the last hours, newest first. */
  published(auctionId: number): Promise<PublishedAnnouncement[]>;
  send(auction: ManagedAuction, request: ScheduledRequest, commandId: string): Promise<AnnouncementAnswer>;
  /** A message to one guest of the auction (the bidders list's, the door's), at once or at `sendAt`. */
  toGuest(
    auction: ManagedAuction,
    guestId: string,
    request: Pick<ScheduledRequest, 'message' | 'channels' | 'sendAt'>,
    commandId: string,
  ): Promise<AnnouncementAnswer>;
  /**
   * Changes one not yet gone out (its words, ways, audience, time) from the revision the staff
   * member saw; the same command again answers the same.
   */
  change(
    auction: ManagedAuction,
    announcementId: number,
    request: ChangeRequest,
    commandId: string,
  ): Promise<AnnouncementAnswer>;
  /** Its changes while it waited, oldest first: who, when, what before and after. */
  changes(auction: ManagedAuction, announcementId: number): Promise<AnnouncementChange[]>;
  /** Cancels one not yet gone out; one already cancelled is answered as it is. */
  cancel(auction: ManagedAuction, announcementId: number): Promise<Announcement>;
}

/**
 * What is announced, to whom, and when: at a time (an ISO date), so long before the end (the
 * auction's, or a closing group's), or (neither) at once.
 */
export type ScheduledRequest = AnnouncementRequest & {
  sendAt?: string;
  minutesBeforeEnd?: number;
  closingGroupId?: number;
};

/** A change: the words, ways and time it has from now on; the audience only when it changes. */
export type ChangeRequest = Omit<ScheduledRequest, 'audience' | 'guestId'> & {
  audience?: ScheduledRequest['audience'];
  revision: number;
};

export interface AnnouncementsDeps {
  db: Db;
  messages: MessageBatchQueue;
  /** The product's links in each language; messages link to the auction's page. */
  links: AccountLinks;
  /** Where an announcement to all the guests is also shown to everyone on the auction's pages. */
  hub: OperatorPublisher;
  /** Asks the workers to re-read the auction: they send its scheduled announcements at their time. */
  scheduler: Pick<AuctionScheduler, 'auctionChanged'>;
  clock?: () => number;
}

/** Another request recorded the same change command while this one was on its way: answered as a retry. */
class SameCommandAtOnce extends Error {}

/** The announcements a list shows: a gala sends a handful, so the last 50 are all of them. */
const LIST_LIMIT = 50;

const DAY_MS = 24 * 3600_000;

interface AnnouncementRow {
  id: number;
  message_en: string | null;
  message_fr: string | null;
  audience: Announcement['audience'];
  guest_id: string | null;
  guest_name: string | null;
  channels: AnnouncementChannel[];
  email_recipients: number;
  sms_recipients: number;
  push_recipients: number;
  queued_at: Date | null;
  created_at: Date;
  send_at: Date | null;
  minutes_before_end: number | null;
  closing_group_id: number | null;
  /** The group's names; null when not tied to one, or the group was removed. */
  closing_group_names: { en?: string; fr?: string } | null;
  cancelled_at: Date | null;
  /** Its auction's status and the end it is tied to (its group's, else its auction's). */
  auction_status: number;
  ends_at: Date | null;
  sent_by: string | null;
  cancelled_by: string | null;
  revision: number;
  changed_at: Date | null;
  changed_by: string | null;
}

type DeliveryCounts = Map<string, { sent: number; skipped: number; failed: number }>;

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** When it goes (or went) out as planned: its time, or the end it is tied to as it is now less its minutes. */
function plannedAt(row: AnnouncementRow): string | null {
  const schedule = announcementSchedule(
    { sendAt: row.send_at, minutesBeforeEnd: row.minutes_before_end },
    // Read as open: one that went out, or was cancelled, keeps the time it had.
    { status: Math.min(row.auction_status, AuctionStatus.Active), endsAt: row.ends_at },
  );
  return schedule.kind === 'at' ? new Date(schedule.at).toISOString() : null;
}

function toAnnouncement(row: AnnouncementRow, counts: DeliveryCounts): Announcement {
  const delivery = (channel: AnnouncementChannel): AnnouncementDelivery => {
    const recipients = row[`${channel}_recipients`];
    const done = counts.get(`${row.id}:${channel}`) ?? { sent: 0, skipped: 0, failed: 0 };
    const pending = Math.max(0, recipients - done.sent - done.skipped - done.failed);
    return { recipients, ...done, pending };
  };
  return {
    id: row.id,
    message: announcementWords(row.message_en, row.message_fr),
    audience: row.audience,
    guest: row.guest_id === null ? null : { userId: row.guest_id, name: row.guest_name ?? '' },
    channels: row.channels,
    sentBy: row.sent_by,
    recordedAt: row.created_at.toISOString(),
    sendAt: plannedAt(row),
    minutesBeforeEnd: row.minutes_before_end,
    closingGroup: row.closing_group_id === null ? null : { id: row.closing_group_id, name: row.closing_group_names },
    sentAt: iso(row.queued_at),
    cancelledAt: iso(row.cancelled_at),
    cancelledBy: row.cancelled_at === null ? null : row.cancelled_by,
    revision: row.revision,
    changedAt: iso(row.changed_at),
    changedBy: row.changed_at === null ? null : row.changed_by,
    delivery: { email: delivery('email'), sms: delivery('sms'), push: delivery('push') },
  };
}

const sameRequest = (row: AnnouncementRow, request: ScheduledRequest, sendAt: number | null) =>
  row.message_en === (request.message.en ?? null) &&
  row.message_fr === (request.message.fr ?? null) &&
  row.audience === request.audience &&
  row.guest_id === (request.guestId ?? null) &&
  row.channels.length === request.channels.length &&
  request.channels.every((channel) => row.channels.includes(channel)) &&
  (row.send_at?.getTime() ?? null) === sendAt &&
  row.minutes_before_end === (request.minutesBeforeEnd ?? null) &&
  row.closing_group_id === (request.closingGroupId ?? null);

/** The time asked for, by the server's clock: later than now and within the schedule's reach. */
function sendTimeOf(sendAt: string | undefined, now: number): number | null {
  if (sendAt === undefined) return null;
  const at = Date.parse(sendAt);
  if (at <= now) throw new HttpError(400, 'announcement_send_at_past');
  if (at > now + ANNOUNCEMENT_SCHEDULE_MAX_DAYS * DAY_MS) throw new HttpError(400, 'announcement_send_at_too_far');
  return at;
}

/**
 * One tied to an end may be asked for while bidding has not ended and, tied to a group, before
 * the group closes, for a time still to come by the end as it is now (an auction without an end
 * date waits for one).
 */
function checkBeforeEnd(minutes: number, end: { status: number; endsAt: Date | null }, group: boolean, now: number) {
  const timing = { sendAt: null, minutesBeforeEnd: minutes };
  const schedule = announcementSchedule(timing, end);
  if (schedule.kind === 'endPassed') throw new HttpError(409, 'announcement_auction_ended');
  if (group && tiedEndHasPassed(timing, end, now)) throw new HttpError(409, 'announcement_closing_group_closed');
  if (schedule.kind === 'at' && schedule.at <= now) throw new HttpError(400, 'announcement_send_at_past');
}

export function announcements(deps: AnnouncementsDeps): Announcements {
  const { db } = deps;
  const clock = deps.clock ?? Date.now;
  const queuing: AnnouncementQueuing = {
    db,
    messages: deps.messages,
    links: deps.links,
    // Guests with the auction open read it at once, in their page's language. Never fails (logged).
    publish: (auctionId, announcement) => deps.hub.publish(auctionId, 'AuctionAnnouncement', announcement),
  };

  const rowsOf = (where: ReturnType<typeof sql>) =>
    sql<AnnouncementRow & { auction_id: number }>`
      SELECT a.id, a.auction_id, a.message_en, a.message_fr, a.audience, a.guest_id, a.channels, a.email_recipients,
        a.sms_recipients, a.push_recipients, a.queued_at, a.created_at, a.send_at, a.minutes_before_end,
        a.closing_group_id, cg.translations AS closing_group_names,
        a.cancelled_at, au.status AS auction_status, ${tiedEndsAt} AS ends_at,
        nullif(trim(u.first_name || ' ' || u.last_name), '') AS sent_by,
        nullif(trim(c.first_name || ' ' || c.last_name), '') AS cancelled_by,
        coalesce(nullif(trim(g.first_name || ' ' || g.last_name), ''), g.nick_name) AS guest_name,
        coalesce(changes.revision, 0) AS revision, changes.changed_at,
        nullif(trim(e.first_name || ' ' || e.last_name), '') AS changed_by
      FROM auction_announcements a
      JOIN auctions au ON au.id = a.auction_id
      LEFT JOIN closing_groups cg ON cg.id = a.closing_group_id
      LEFT JOIN users g ON g.id = a.guest_id
      LEFT JOIN users u ON u.id = a.sent_by
      LEFT JOIN users c ON c.id = a.cancelled_by
      LEFT JOIN LATERAL (
        SELECT count(*) OVER ()::int AS revision, ch.changed_at, ch.changed_by
        FROM announcement_changes ch WHERE ch.announcement_id = a.id
        ORDER BY ch.id DESC LIMIT 1
      ) changes ON true
      LEFT JOIN users e ON e.id = changes.changed_by
      WHERE ${where}
      ORDER BY a.created_at DESC, a.id DESC
      LIMIT ${LIST_LIMIT}`
      .execute(db)
      .then((result) => result.rows);

  /** What the messages worker recorded for these announcements, by announcement and channel. */
  async function deliveriesOf(ids: readonly number[]): Promise<DeliveryCounts> {
    const counts: DeliveryCounts = new Map();
    if (ids.length === 0) return counts;
    const { rows } = await sql<{ key: string; status: string; n: number }>`
      SELECT split_part(message_id, ':', 2) || ':' || split_part(message_id, ':', 4) AS key, status, count(*)::int AS n
      FROM message_deliveries
      WHERE message_id LIKE 'announcement:%' AND split_part(message_id, ':', 2) = ANY(${ids.map(String)}::text[])
      GROUP BY 1, 2`.execute(db);
    for (const row of rows) {
      const entry = counts.get(row.key) ?? { sent: 0, skipped: 0, failed: 0 };
      if (row.status === 'sent' || row.status === 'skipped' || row.status === 'failed') entry[row.status] += row.n;
      counts.set(row.key, entry);
    }
    return counts;
  }

  async function one(id: number): Promise<Announcement> {
    const [row] = await rowsOf(sql`a.id = ${id}`);
    if (!row) throw new HttpError(404, 'announcement_not_found');
    return toAnnouncement(row, await deliveriesOf([id]));
  }

  /** Queues a send at once recorded earlier (a retry, a repeat), or answers 503 having changed nothing. */
  async function queueNow(announcementId: number) {
    try {
      await queueAnnouncement(queuing, announcementId, clock());
    } catch {
      throw new HttpError(503, 'announcement_not_queued');
    }
  }

  return {
    async list({ auctionId, organizationId }) {
      const rows = await rowsOf(sql`a.auction_id = ${auctionId}`);
      const [guests, counts] = await Promise.all([
        readAnnouncementGuests(db, auctionId, organizationId),
        deliveriesOf(rows.map((row) => row.id)),
      ]);
      return {
        reach: {
          all: reachOf(guests, 'all'),
          arrived: reachOf(guests, 'arrived'),
          notArrived: reachOf(guests, 'notArrived'),
        },
        announcements: rows.map((row) => toAnnouncement(row, counts)),
      };
    },

    async published(auctionId) {
      const rows = await db
        .selectFrom('auction_announcements')
        .select(['id', 'message_en', 'message_fr', 'queued_at'])
        .where('auction_id', '=', auctionId)
        .where('audience', '=', 'all')
        .where('queued_at', '>', sql<Date>`now() - make_interval(hours => ${ANNOUNCEMENT_SHOWN_HOURS})`)
        .orderBy('queued_at', 'desc')
        .orderBy('id', 'desc')
        .limit(5)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        message: announcementWords(row.message_en, row.message_fr),
        sentAt: (row.queued_at as Date).toISOString(),
      }));
    },

    send,

    toGuest(auction, guestId, request, commandId) {
      return send(auction, { ...request, audience: 'guest', guestId }, commandId);
    },

    change,

    async changes(auction, announcementId) {
      const rows = await db
        .selectFrom('auction_announcements as a')
        .leftJoin('announcement_changes as ch', 'ch.announcement_id', 'a.id')
        .leftJoin('users as u', 'u.id', 'ch.changed_by')
        .select(['ch.changed_at', 'ch.previous', 'ch.applied', 'u.first_name', 'u.last_name'])
        .where('a.id', '=', announcementId)
        .where('a.auction_id', '=', auction.auctionId)
        .orderBy('ch.id')
        .execute();
      if (rows.length === 0) throw new HttpError(404, 'announcement_not_found');
      return rows.flatMap((row) =>
        row.changed_at === null || row.previous === null || row.applied === null
          ? []
          : [
              {
                changedAt: row.changed_at.toISOString(),
                changedBy: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() || null,
                before: termsAnswer(row.previous),
                after: termsAnswer(row.applied),
              },
            ],
      );
    },

    async cancel(auction, announcementId) {
      // Waits for a queuing that holds the row: it then went out, and is not cancelled.
      await db
        .updateTable('auction_announcements')
        .set({ cancelled_at: new Date(clock()), cancelled_by: auction.userId })
        .where('id', '=', announcementId)
        .where('auction_id', '=', auction.auctionId)
        .where('queued_at', 'is', null)
        .where('cancelled_at', 'is', null)
        .execute();
      const [row] = await rowsOf(sql`a.id = ${announcementId} AND a.auction_id = ${auction.auctionId}`);
      if (!row) throw new HttpError(404, 'announcement_not_found');
      if (row.cancelled_at === null) throw new HttpError(409, 'announcement_not_cancellable');
      return toAnnouncement(row, await deliveriesOf([row.id]));
    },
  };

  async function change(
    auction: ManagedAuction,
    announcementId: number,
    request: ChangeRequest,
    commandId: string,
  ): Promise<AnnouncementAnswer> {
    if (auction.auctionStatus === AuctionStatus.Archived) throw new HttpError(409, 'announcement_auction_archived');
    const seen = await db
      .selectFrom('announcement_changes as ch')
      .innerJoin('auction_announcements as a', 'a.id', 'ch.announcement_id')
      .select(['ch.announcement_id', 'a.auction_id', 'ch.applied'])
      .where('ch.command_id', '=', commandId)
      .executeTakeFirst();
    if (seen) {
      const asked = termsOfChange(
        request,
        {
          sendAt: request.sendAt === undefined ? null : Date.parse(request.sendAt),
          minutesBeforeEnd: request.minutesBeforeEnd ?? null,
          closingGroupId: request.closingGroupId ?? null,
        },
        seen.applied.audience,
      );
      if (
        seen.announcement_id !== announcementId ||
        seen.auction_id !== auction.auctionId ||
        !sameTerms(seen.applied, asked)
      ) {
        throw new HttpError(422, 'idempotency_key_reused');
      }
      const announcement = await one(announcementId);
      // Recorded, but the workers may not have heard of it (the first request died on the way).
      if (announcement.sentAt === null && announcement.cancelledAt === null) {
        await deps.scheduler.auctionChanged(auction.auctionId);
      }
      return { duplicate: true, announcement };
    }

    const time = await timeOf(auction, request, clock());
    const changed = await db
      .transaction()
      .execute(async (trx) => {
        // The row lock a cancel and the workers' queuing take: it went out, or it is changed, not both.
        const row = await trx
          .selectFrom('auction_announcements')
          .selectAll()
          .where('id', '=', announcementId)
          .where('auction_id', '=', auction.auctionId)
          .forUpdate()
          .executeTakeFirst();
        if (!row) throw new HttpError(404, 'announcement_not_found');
        // The same command from another request, recorded while this one waited for the row: a retry.
        const recorded = await trx
          .selectFrom('announcement_changes')
          .select('id')
          .where('command_id', '=', commandId)
          .executeTakeFirst();
        if (recorded) throw new SameCommandAtOnce();
        if (row.queued_at !== null || row.cancelled_at !== null) {
          throw new HttpError(409, 'announcement_not_changeable');
        }
        if (row.audience === 'guest') {
          // To one guest: it stays theirs, at a time (an end speaks to every guest).
          if (request.audience !== undefined) throw new HttpError(400, 'announcement_guest_audience');
          if (time.minutesBeforeEnd !== null) throw new HttpError(400, 'announcement_guest_before_end');
        }
        const { revision } = await trx
          .selectFrom('announcement_changes')
          .select((eb) => eb.fn.countAll<number>().as('revision'))
          .where('announcement_id', '=', announcementId)
          .executeTakeFirstOrThrow();
        if (Number(revision) !== request.revision) {
          throw new HttpError(409, 'announcement_changed', { revision: Number(revision) });
        }
        const previous = termsOfRow(row);
        const applied = termsOfChange(request, time, row.audience);
        await trx
          .updateTable('auction_announcements')
          .set({ ...applied, send_at: applied.send_at === null ? null : new Date(applied.send_at) })
          .where('id', '=', announcementId)
          .execute();
        const inserted = await trx
          .insertInto('announcement_changes')
          .values({
            announcement_id: announcementId,
            command_id: commandId,
            changed_by: auction.userId,
            previous: JSON.stringify(previous),
            applied: JSON.stringify(applied),
          })
          .onConflict((oc) => oc.column('command_id').doNothing())
          .returning('id')
          .executeTakeFirst();
        // The same command on another announcement at once, recorded first: undone here.
        if (!inserted) throw new SameCommandAtOnce();
        return { changeId: inserted.id, previous };
      })
      .catch((error: unknown) => {
        if (error instanceof SameCommandAtOnce) return null;
        throw error;
      });
    // Answered as a retry of the other request's change.
    if (changed === null) return change(auction, announcementId, request, commandId);

    try {
      await deps.scheduler.auctionChanged(auction.auctionId);
    } catch {
      // The workers were not told of its new time: put it back as it was, unless it went out
      // meanwhile by the new terms (then the change stands and is answered).
      if (await undoChange(announcementId, changed.changeId, changed.previous)) {
        throw new HttpError(503, 'announcement_not_changed');
      }
    }
    return { duplicate: false, announcement: await one(announcementId) };
  }

  /** Puts back what a change replaced while it is still waiting and that change is its last; false when it is not. */
  async function undoChange(announcementId: number, changeId: number, previous: AnnouncementTerms): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('auction_announcements as a')
        .select('a.queued_at')
        .select((eb) =>
          eb
            .selectFrom('announcement_changes')
            .select((inner) => inner.fn.max('id').as('last'))
            .where('announcement_id', '=', announcementId)
            .as('last_change'),
        )
        .where('a.id', '=', announcementId)
        .forUpdate('a')
        .executeTakeFirst();
      if (!row || row.queued_at !== null || row.last_change !== changeId) return false;
      await trx
        .updateTable('auction_announcements')
        .set({ ...previous, send_at: previous.send_at === null ? null : new Date(previous.send_at) })
        .where('id', '=', announcementId)
        .execute();
      await trx.deleteFrom('announcement_changes').where('id', '=', changeId).execute();
      return true;
    });
  }

  /**
   * The time asked for, checked by the server's clock: a time later than now and within reach, or
   * minutes before the auction's end or one of its closing groups' that have not passed.
   */
  async function timeOf(auction: ManagedAuction, request: Omit<ScheduledRequest, 'audience'>, now: number) {
    const sendAt = sendTimeOf(request.sendAt, now);
    const minutesBeforeEnd = request.minutesBeforeEnd ?? null;
    const closingGroupId = request.closingGroupId ?? null;
    if (minutesBeforeEnd !== null) {
      const end = await db
        .selectFrom('auctions as au')
        .leftJoin('closing_groups as cg', (join) =>
          join.on('cg.auction_id', '=', auction.auctionId).on('cg.id', '=', closingGroupId),
        )
        .select(['au.status', 'cg.id as group_id', 'cg.ends_at as group_ends_at', 'au.date_completed'])
        .where('au.id', '=', auction.auctionId)
        .executeTakeFirstOrThrow();
      // Another auction's group, or one removed: not a group of this auction.
      if (closingGroupId !== null && end.group_id === null) throw new HttpError(404, 'closing_group_not_found');
      const endsAt = closingGroupId === null ? end.date_completed : end.group_ends_at;
      checkBeforeEnd(minutesBeforeEnd, { status: end.status, endsAt }, closingGroupId !== null, now);
    }
    return { sendAt, minutesBeforeEnd, closingGroupId };
  }

  async function send(
    auction: ManagedAuction,
    request: ScheduledRequest,
    commandId: string,
  ): Promise<AnnouncementAnswer> {
    if (auction.auctionStatus === AuctionStatus.Archived) throw new HttpError(409, 'announcement_auction_archived');
    const [seen] = await rowsOf(sql`a.command_id = ${commandId}`);
    if (seen) {
      const askedAt = request.sendAt === undefined ? null : Date.parse(request.sendAt);
      if (seen.auction_id !== auction.auctionId || !sameRequest(seen, request, askedAt)) {
        throw new HttpError(422, 'idempotency_key_reused');
      }
      if (seen.queued_at === null && seen.cancelled_at === null) {
        // The first send was recorded but got no further: queue it now, or (one for later) make
        // sure the workers know of it.
        if (seen.send_at === null && seen.minutes_before_end === null) await queueNow(seen.id);
        else await deps.scheduler.auctionChanged(auction.auctionId);
      }
      // Gone meanwhile: the first request, racing this retry, failed to queue it and forgot it.
      const announcement = await one(seen.id).catch(() => {
        throw new HttpError(503, 'announcement_not_queued');
      });
      return { duplicate: true, announcement };
    }

    const now = clock();
    const { sendAt, minutesBeforeEnd, closingGroupId } = await timeOf(auction, request, now);
    const atOnce = sendAt === null && minutesBeforeEnd === null;
    const { audience, guestId } = request;
    // A send at once must reach someone now; one for later goes to the guests as they are then,
    // but a message to one guest is to someone who is a guest now.
    const guests =
      atOnce || audience === 'guest' ? await readAnnouncementGuests(db, auction.auctionId, auction.organizationId) : [];
    if (audience === 'guest' && !guests.some((guest) => guest.userId === guestId)) {
      // Not a guest of this auction (or locked out, or disabled): nobody to write to here.
      throw new HttpError(404, 'guest_not_found');
    }
    if (atOnce) {
      const reach = reachOf(guests, audience === 'guest' ? { guestId: guestId ?? '' } : audience);
      if (request.channels.every((channel) => reach[channel] === 0)) {
        throw new HttpError(422, 'announcement_no_recipients', { reach });
      }
    }

    const created = await db.transaction().execute(async (trx) => {
      // One send at a time per auction, so two staff pressing Send with the same words send once.
      await sql`SELECT pg_advisory_xact_lock(hashtext('auction_announcements'), ${auction.auctionId})`.execute(trx);
      // The same command from another request, recorded while this one waited for the lock: a retry,
      // not the same words sent again.
      const recorded = await trx
        .selectFrom('auction_announcements')
        .select('id')
        .where('command_id', '=', commandId)
        .executeTakeFirst();
      if (recorded) return { kind: 'recorded' } as const;
      const repeated = await trx
        .selectFrom('auction_announcements')
        .select(['id', 'queued_at', 'created_at'])
        .where('auction_id', '=', auction.auctionId)
        .where('message_en', request.message.en === undefined ? 'is' : '=', request.message.en ?? null)
        .where('message_fr', request.message.fr === undefined ? 'is' : '=', request.message.fr ?? null)
        .where('send_at', sendAt === null ? 'is' : '=', sendAt === null ? null : new Date(sendAt))
        .where('minutes_before_end', minutesBeforeEnd === null ? 'is' : '=', minutesBeforeEnd)
        .where('closing_group_id', closingGroupId === null ? 'is' : '=', closingGroupId)
        .where('guest_id', request.guestId ? '=' : 'is', request.guestId ?? null)
        .where('cancelled_at', 'is', null)
        .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${ANNOUNCEMENT_REPEAT_MINUTES})`)
        .executeTakeFirst();
      if (repeated) return { kind: 'repeated', repeated } as const;
      if (!atOnce) {
        const waiting = await trx
          .selectFrom('auction_announcements')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('auction_id', '=', auction.auctionId)
          .where('queued_at', 'is', null)
          .where('cancelled_at', 'is', null)
          .executeTakeFirstOrThrow();
        if (Number(waiting.count) >= ANNOUNCEMENT_MAX_WAITING) {
          throw new HttpError(409, 'announcement_too_many_waiting', { limit: ANNOUNCEMENT_MAX_WAITING });
        }
      }
      const inserted = await trx
        .insertInto('auction_announcements')
        .values({
          auction_id: auction.auctionId,
          command_id: commandId,
          sent_by: auction.userId,
          message_en: request.message.en ?? null,
          message_fr: request.message.fr ?? null,
          audience: request.audience,
          guest_id: request.guestId ?? null,
          channels: [...request.channels],
          send_at: sendAt === null ? null : new Date(sendAt),
          minutes_before_end: minutesBeforeEnd,
          closing_group_id: closingGroupId,
        })
        .onConflict((oc) => oc.column('command_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return { kind: 'inserted', inserted } as const;
    });
    if (created.kind === 'repeated') {
      const { repeated } = created;
      // The same words whose send died on the way: they go out now, once, rather than twice later.
      if (atOnce && repeated.queued_at === null && repeated.created_at.getTime() < now - ANNOUNCEMENT_ORPHAN_MS) {
        await queueNow(repeated.id);
      }
      throw new HttpError(409, 'announcement_already_sent', { announcementId: repeated.id });
    }
    // The same command sent twice at once: the other request recorded it; answer as a retry.
    if (created.kind === 'recorded' || !created.inserted) return send(auction, request, commandId);
    const { id } = created.inserted;

    try {
      if (atOnce) await queueAnnouncement(queuing, id, now, guests);
      else await deps.scheduler.auctionChanged(auction.auctionId);
    } catch {
      // Nothing was queued (addBulk is one Redis transaction), or the workers were not told:
      // forget the announcement, so a failed send leaves nothing behind and may be sent again.
      await db.deleteFrom('auction_announcements').where('id', '=', id).where('queued_at', 'is', null).execute();
      throw new HttpError(503, 'announcement_not_queued');
    }
    return { duplicate: false, announcement: await one(id) };
  }
}
