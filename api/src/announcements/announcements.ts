import {
  ANNOUNCEMENT_REPEAT_MINUTES,
  ANNOUNCEMENT_SHOWN_HOURS,
  type Announcement,
  type AnnouncementAnswer,
  type AnnouncementChannel,
  type AnnouncementDelivery,
  type AnnouncementList,
  AuctionStatus,
  BidderStatus,
  type PublishedAnnouncement,
} from '@auction/contract';
import { type Db, enqueueMessages, type MessageBatchQueue } from '@auction/platform';
import { sql } from 'kysely';
import type { AccountLinks } from '../accounts/accountLinks.ts';
import { HttpError } from '../errors.ts';
import type { OperatorPublisher } from '../operator/operatorPublisher.ts';
import type { ManagedAuction } from '../operator/operatorScope.ts';
import { userSmsStopped } from '../sms/smsStopped.ts';
import {
  type AnnouncementGuest,
  type AnnouncementRequest,
  announcementMessages,
  countByChannel,
  reachOf,
} from './announcementPlan.ts';

/**
 * Organisers' announcements to an auction's guests (docs/messages.md "Announcements to guests"):
 * the form's reach, the list with what became of each message, and the send, idempotent by its
 * command id. A send is recorded, then its messages are queued (one BullMQ round trip); the
 * messages worker sends each once, by the guest's channels, keeping STOP.
 */
export interface Announcements {
  list(auction: ManagedAuction): Promise<AnnouncementList>;
  /** The messages to all the guests the auction's pages show: sent, of the last hours, newest first. */
  published(auctionId: number): Promise<PublishedAnnouncement[]>;
  send(auction: ManagedAuction, request: AnnouncementRequest, commandId: string): Promise<AnnouncementAnswer>;
}

export interface AnnouncementsDeps {
  db: Db;
  messages: MessageBatchQueue;
  /** The product's links in each language; messages link to the auction's page. */
  links: AccountLinks;
  /** Where an announcement to all the guests is also shown to everyone on the auction's pages. */
  hub: OperatorPublisher;
}

/** The announcements a list shows: a gala sends a handful, so the last 50 are all of them. */
const LIST_LIMIT = 50;

interface AnnouncementRow {
  id: number;
  message_en: string | null;
  message_fr: string | null;
  audience: Announcement['audience'];
  channels: AnnouncementChannel[];
  email_recipients: number;
  sms_recipients: number;
  push_recipients: number;
  queued_at: Date | null;
  created_at: Date;
  sent_by: string | null;
}

type DeliveryCounts = Map<string, { sent: number; skipped: number; failed: number }>;

function toAnnouncement(row: AnnouncementRow, counts: DeliveryCounts): Announcement {
  const delivery = (channel: AnnouncementChannel): AnnouncementDelivery => {
    const recipients = row[`${channel}_recipients`];
    const done = counts.get(`${row.id}:${channel}`) ?? { sent: 0, skipped: 0, failed: 0 };
    const pending = Math.max(0, recipients - done.sent - done.skipped - done.failed);
    return { recipients, ...done, pending };
  };
  return {
    id: row.id,
    message: {
      ...(row.message_en === null ? {} : { en: row.message_en }),
      ...(row.message_fr === null ? {} : { fr: row.message_fr }),
    },
    audience: row.audience,
    channels: row.channels,
    sentBy: row.sent_by,
    sentAt: row.created_at.toISOString(),
    queued: row.queued_at !== null,
    delivery: { email: delivery('email'), sms: delivery('sms'), push: delivery('push') },
  };
}

const sameRequest = (row: AnnouncementRow, request: AnnouncementRequest) =>
  row.message_en === (request.message.en ?? null) &&
  row.message_fr === (request.message.fr ?? null) &&
  row.audience === request.audience &&
  row.channels.length === request.channels.length &&
  request.channels.every((channel) => row.channels.includes(channel));

export function announcements(deps: AnnouncementsDeps): Announcements {
  const { db } = deps;

  /** The auction's guests who may hear from it: locked bidders and disabled accounts are not told. */
  async function guestsOf(auctionId: number, organizationId: number): Promise<AnnouncementGuest[]> {
    const { rows } = await sql<{
      user_id: string;
      first_name: string;
      username: string;
      phone_number: string | null;
      preferred_language: 'en' | 'fr';
      arrived: boolean;
      sms_general_notifications: boolean;
      email_general_notifications: boolean;
      push_general_notifications: boolean;
      organization_sms: boolean | null;
      organization_email: boolean | null;
      sms_stopped: boolean;
      has_push_subscription: boolean;
    }>`
      SELECT u.id AS user_id, u.first_name, u.username, u.phone_number, u.preferred_language,
        b.arrived_at IS NOT NULL AS arrived,
        u.sms_general_notifications, u.email_general_notifications, u.push_general_notifications,
        n.sms_notifications AS organization_sms, n.email_notifications AS organization_email,
        ${userSmsStopped} AS sms_stopped,
        EXISTS (SELECT 1 FROM push_subscriptions ps WHERE ps.user_id = u.id) AS has_push_subscription
      FROM auction_bidders b
      JOIN users u ON u.id = b.user_id
      LEFT JOIN bidder_organization_notifications n ON n.user_id = u.id AND n.organization_id = ${organizationId}
      WHERE b.auction_id = ${auctionId} AND b.status <> ${BidderStatus.Locked} AND NOT u.disabled
      ORDER BY u.id`.execute(db);
    return rows.map((row) => ({
      userId: row.user_id,
      firstName: row.first_name,
      email: row.username,
      phone: row.phone_number,
      language: row.preferred_language,
      arrived: row.arrived,
      smsGeneral: row.sms_general_notifications,
      emailGeneral: row.email_general_notifications,
      pushGeneral: row.push_general_notifications,
      organization:
        row.organization_sms === null ? null : { sms: row.organization_sms, email: Boolean(row.organization_email) },
      smsStopped: row.sms_stopped,
      hasPushSubscription: row.has_push_subscription,
    }));
  }

  const rowsOf = (where: ReturnType<typeof sql>) =>
    sql<AnnouncementRow & { auction_id: number }>`
      SELECT a.id, a.auction_id, a.message_en, a.message_fr, a.audience, a.channels, a.email_recipients,
        a.sms_recipients, a.push_recipients, a.queued_at, a.created_at,
        nullif(trim(u.first_name || ' ' || u.last_name), '') AS sent_by
      FROM auction_announcements a
      LEFT JOIN users u ON u.id = a.sent_by
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

  async function auctionFacts(auctionId: number) {
    const [auction, names] = await Promise.all([
      db.selectFrom('auctions').select(['url_magic_link']).where('id', '=', auctionId).executeTakeFirstOrThrow(),
      db
        .selectFrom('auction_translations')
        .select(['language_code', 'title_short'])
        .where('auction_id', '=', auctionId)
        .execute(),
    ]);
    const named: { en?: string; fr?: string } = {};
    for (const row of names) if (row.title_short?.trim()) named[row.language_code as 'en' | 'fr'] = row.title_short;
    const urlMagicLink = auction.url_magic_link;
    return { urlMagicLink, names: named, link: (language: 'en' | 'fr') => deps.links.auction(language, urlMagicLink) };
  }

  /**
   * Puts the announcement's messages on the queue and marks it queued, with what each channel
   * carries: to the guests the send just read, or (a retry) to the guests as they are now.
   */
  async function queue(
    auction: ManagedAuction,
    announcementId: number,
    request: AnnouncementRequest,
    guests: readonly AnnouncementGuest[],
  ) {
    const facts = await auctionFacts(auction.auctionId);
    const jobs = announcementMessages(guests, request, {
      announcementId,
      organizationId: auction.organizationId,
      ...facts,
    });
    await enqueueMessages(deps.messages, jobs);
    const counts = countByChannel(jobs);
    await db
      .updateTable('auction_announcements')
      .set({
        queued_at: new Date(),
        email_recipients: counts.email,
        sms_recipients: counts.sms,
        push_recipients: counts.push,
      })
      .where('id', '=', announcementId)
      .execute();
  }

  async function one(id: number): Promise<Announcement> {
    const [row] = await rowsOf(sql`a.id = ${id}`);
    if (!row) throw new HttpError(404, 'announcement_not_found');
    return toAnnouncement(row, await deliveriesOf([id]));
  }

  return {
    async list({ auctionId, organizationId }) {
      const rows = await rowsOf(sql`a.auction_id = ${auctionId}`);
      const [guests, counts] = await Promise.all([
        guestsOf(auctionId, organizationId),
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
        .select(['id', 'message_en', 'message_fr', 'created_at'])
        .where('auction_id', '=', auctionId)
        .where('audience', '=', 'all')
        .where('queued_at', 'is not', null)
        .where('created_at', '>', sql<Date>`now() - make_interval(hours => ${ANNOUNCEMENT_SHOWN_HOURS})`)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(5)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        message: {
          ...(row.message_en === null ? {} : { en: row.message_en }),
          ...(row.message_fr === null ? {} : { fr: row.message_fr }),
        },
        sentAt: row.created_at.toISOString(),
      }));
    },

    send,
  };

  async function send(
    auction: ManagedAuction,
    request: AnnouncementRequest,
    commandId: string,
  ): Promise<AnnouncementAnswer> {
    if (auction.auctionStatus === AuctionStatus.Archived) throw new HttpError(409, 'announcement_auction_archived');
    const [seen] = await rowsOf(sql`a.command_id = ${commandId}`);
    if (seen) {
      if (seen.auction_id !== auction.auctionId || !sameRequest(seen, request)) {
        throw new HttpError(409, 'idempotency_key_reused');
      }
      // The first send was recorded but its messages never reached the queue: queue them now.
      if (seen.queued_at === null) {
        await queue(auction, seen.id, request, await guestsOf(auction.auctionId, auction.organizationId));
      }
      return { duplicate: true, announcement: await one(seen.id) };
    }

    const guests = await guestsOf(auction.auctionId, auction.organizationId);
    const reach = reachOf(guests, request.audience);
    if (request.channels.every((channel) => reach[channel] === 0)) {
      throw new HttpError(422, 'announcement_no_recipients', { reach });
    }

    const created = await db.transaction().execute(async (trx) => {
      // One send at a time per auction, so two staff pressing Send with the same words send once.
      await sql`SELECT pg_advisory_xact_lock(hashtext('auction_announcements'), ${auction.auctionId})`.execute(trx);
      const repeated = await trx
        .selectFrom('auction_announcements')
        .select('id')
        .where('auction_id', '=', auction.auctionId)
        .where('message_en', request.message.en === undefined ? 'is' : '=', request.message.en ?? null)
        .where('message_fr', request.message.fr === undefined ? 'is' : '=', request.message.fr ?? null)
        .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${ANNOUNCEMENT_REPEAT_MINUTES})`)
        // One whose messages never reached the queue (its request died on the way) went to
        // nobody: after a minute it no longer stands in the way of sending the same words.
        .where((eb) =>
          eb.or([eb('queued_at', 'is not', null), eb('created_at', '>', sql<Date>`now() - interval '1 minute'`)]),
        )
        .executeTakeFirst();
      if (repeated) throw new HttpError(409, 'announcement_already_sent', { announcementId: repeated.id });
      return trx
        .insertInto('auction_announcements')
        .values({
          auction_id: auction.auctionId,
          command_id: commandId,
          sent_by: auction.userId,
          message_en: request.message.en ?? null,
          message_fr: request.message.fr ?? null,
          audience: request.audience,
          channels: [...request.channels],
        })
        .onConflict((oc) => oc.column('command_id').doNothing())
        .returning('id')
        .executeTakeFirst();
    });
    // The same command sent twice at once: the other request recorded it; answer as a retry.
    if (!created) return send(auction, request, commandId);

    try {
      await queue(auction, created.id, request, guests);
    } catch {
      // Nothing was queued (addBulk is one Redis transaction): forget the announcement, so a
      // failed send leaves nothing behind and may be sent again as it is.
      await db.deleteFrom('auction_announcements').where('id', '=', created.id).execute();
      throw new HttpError(503, 'announcement_not_queued');
    }
    if (request.audience === 'all') {
      // Guests with the auction open read it at once, in their page's language. Not for a part
      // of the guests: the hub cannot tell who is at the venue. Never fails the send (logged).
      await deps.hub.publish(auction.auctionId, 'AuctionAnnouncement', {
        announcementId: created.id,
        message: request.message,
      });
    }
    return { duplicate: false, announcement: await one(created.id) };
  }
}
