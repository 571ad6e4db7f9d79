import {
  type AuctionBidder,
  AuctionStatus,
  type BidderListRequest,
  type BidderPage,
  type CheckInAuction,
  GUEST_LIST_LIMIT,
  type GuestList,
} from '@auction/contract';
import type { Db } from '@auction/platform';
import { userSmsStopped } from '@auction/platform';
import { sql } from 'kysely';
import { formatPhone } from '../accounts/phone.ts';
import { filtered, matching, nameOrder, ordered } from './guestSearch.ts';

/**
 * An auction's bidders in PostgreSQL (`auction_bidders` with their accounts), as the operators'
 * bidder list and the door's check-in read and change them (docs/console.md).
 */
export interface GuestRepository {
  /** One page of the auction's bidders, filtered, sorted and counted (the operators' list). */
  page(auctionId: number, request: BidderListRequest): Promise<BidderPage>;
  /** The guests matching a name or phone (all when empty), with the auction's counts. */
  search(auctionId: number, q: string): Promise<GuestList>;
  one(auctionId: number, userId: string): Promise<AuctionBidder | undefined>;
  /**
   * Marks the guest arrived once, giving them the auction's next bidder number if they have none:
   * answers whether this call did it (false: already arrived).
   */
  markArrived(auctionId: number, userId: string, by: string): Promise<boolean>;
  /** Whether this number was invited to the auction in the last minutes and has not registered yet. */
  recentlyInvited(auctionId: number, phone: string, withinMs: number): Promise<boolean>;
  /** The auctions (not archived) of these organisations, or of all when null, soonest first. */
  auctionsFor(organizationIds: readonly number[] | null): Promise<CheckInAuction[]>;
}

interface BidderRow {
  user_id: string;
  first_name: string;
  last_name: string;
  nick_name: string;
  username: string;
  phone_number: string | null;
  status: number;
  has_stop: boolean;
  arrived_at: Date | null;
  arrived_by: string | null;
  bidder_number: number | null;
}

const toBidder = (row: BidderRow): AuctionBidder => ({
  userId: row.user_id,
  firstName: row.first_name,
  lastName: row.last_name,
  nickName: row.nick_name,
  email: row.username,
  phoneNumber: row.phone_number ? formatPhone(row.phone_number) : null,
  status: row.status as AuctionBidder['status'],
  hasSmsStop: row.has_stop,
  arrivedAt: row.arrived_at?.toISOString() ?? null,
  arrivedBy: row.arrived_by,
  bidderNumber: row.bidder_number,
});

export function guestRepository(db: Db): GuestRepository {
  const select = (
    auctionId: number,
    where: ReturnType<typeof sql>,
    limit: number,
    { orderBy = nameOrder, offset = 0 }: { orderBy?: ReturnType<typeof sql>; offset?: number } = {},
  ) =>
    sql<BidderRow>`
      SELECT u.id AS user_id, u.first_name, u.last_name, u.nick_name, u.username, u.phone_number, b.status,
        ${userSmsStopped} AS has_stop,
        b.arrived_at, nullif(trim(a.first_name || ' ' || a.last_name), '') AS arrived_by, b.bidder_number
      FROM auction_bidders b
      JOIN users u ON u.id = b.user_id
      LEFT JOIN users a ON a.id = b.arrived_by
      WHERE b.auction_id = ${auctionId} AND ${where}
      ORDER BY ${orderBy}
      LIMIT ${limit} OFFSET ${offset}`
      .execute(db)
      .then((r) => r.rows.map(toBidder));

  return {
    async page(auctionId, request) {
      const where = filtered(request);
      const { rows } = await sql<{ count: number; guests: number }>`
        SELECT count(*) FILTER (WHERE ${where})::int AS count, count(*)::int AS guests
        FROM auction_bidders b JOIN users u ON u.id = b.user_id
        WHERE b.auction_id = ${auctionId}`.execute(db);
      const count = rows[0]?.count ?? 0;
      // A page past the end (a guest locked out of the filter meanwhile) answers the last one.
      const currentPage = Math.min(request.currentPage, Math.max(1, Math.ceil(count / request.pageSize)));
      const bidders = await select(auctionId, where, request.pageSize, {
        orderBy: ordered(request),
        offset: (currentPage - 1) * request.pageSize,
      });
      return { bidders, count, currentPage, guestCount: rows[0]?.guests ?? 0 };
    },

    async search(auctionId, q) {
      const where = matching(q);
      const guests = await select(auctionId, where, GUEST_LIST_LIMIT);
      const { rows } = await sql<{ guests: number; arrived: number; matching: number }>`
        SELECT count(*)::int AS guests, count(b.arrived_at)::int AS arrived,
          count(*) FILTER (WHERE ${where})::int AS matching
        FROM auction_bidders b JOIN users u ON u.id = b.user_id
        WHERE b.auction_id = ${auctionId}`.execute(db);
      return {
        guests,
        matchCount: rows[0]?.matching ?? 0,
        guestCount: rows[0]?.guests ?? 0,
        arrivedCount: rows[0]?.arrived ?? 0,
      };
    },

    one: (auctionId, userId) => select(auctionId, sql`b.user_id = ${userId}`, 1).then((rows) => rows[0]),

    async markArrived(auctionId, userId, by) {
      return db.transaction().execute(async (trx) => {
        const arrived = await trx
          .updateTable('auction_bidders')
          .set({ arrived_at: new Date(), arrived_by: by, updated_at: new Date() })
          .where('auction_id', '=', auctionId)
          .where('user_id', '=', userId)
          .where('arrived_at', 'is', null)
          .returning('bidder_number')
          .executeTakeFirst();
        if (!arrived) return false;
        if (arrived.bidder_number === null) {
          // The auction's counter row serialises the volunteers' check-ins: numbers follow arrivals.
          const counter = await trx
            .updateTable('auctions')
            .set((eb) => ({ last_bidder_number: eb('last_bidder_number', '+', 1) }))
            .where('id', '=', auctionId)
            .returning('last_bidder_number')
            .executeTakeFirstOrThrow();
          await trx
            .updateTable('auction_bidders')
            .set({ bidder_number: counter.last_bidder_number })
            .where('auction_id', '=', auctionId)
            .where('user_id', '=', userId)
            .execute();
        }
        return true;
      });
    },

    async recentlyInvited(auctionId, phone, withinMs) {
      const row = await db
        .selectFrom('onboarding_invitations')
        .select('id')
        .where('auction_id', '=', auctionId)
        .where('phone_number', '=', phone)
        .where('registered_user_id', 'is', null)
        .where('created_at', '>', new Date(Date.now() - withinMs))
        .executeTakeFirst();
      return row !== undefined;
    },

    async auctionsFor(organizationIds) {
      if (organizationIds !== null && organizationIds.length === 0) return [];
      const { rows } = await sql<{
        id: number;
        organization_id: number;
        organization_name: string;
        url_magic_link: string;
        status: number;
        date_open: Date | null;
        titles: Record<string, string> | null;
      }>`
        SELECT a.id, a.organization_id, o.name AS organization_name, a.url_magic_link, a.status, a.date_open,
          (SELECT jsonb_object_agg(t.language_code, t.title_short) FROM auction_translations t
            WHERE t.auction_id = a.id) AS titles
        FROM auctions a JOIN organizations o ON o.id = a.organization_id
        WHERE a.status <> ${AuctionStatus.Archived}
          AND ${organizationIds === null ? sql`true` : sql`a.organization_id IN (${sql.join([...organizationIds])})`}
        ORDER BY a.date_open DESC NULLS LAST, a.id DESC`.execute(db);
      return rows.map((row) => ({
        id: row.id,
        organizationId: row.organization_id,
        organizationName: row.organization_name,
        urlMagicLink: row.url_magic_link,
        status: row.status,
        titles: row.titles ?? {},
        dateOpen: row.date_open?.toISOString() ?? null,
      }));
    },
  };
}
