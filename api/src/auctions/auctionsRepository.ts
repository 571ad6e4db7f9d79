import { BidderStatus, CURRENT_AUCTION_STATUSES, LISTED_AUCTION_STATUSES, LotStatus } from '@auction/contract';
import type { Db } from '@auction/platform';
import { sql } from 'kysely';
import { visibleAuctionSql } from '../authorization/auctionAccess.ts';
import type { Language } from '../i18n/localized.ts';
import { sumOfCents } from '../sumOfCents.ts';
import { findAuctionByUrlMagicLink, findAuctionRef, listAuctions } from './auctionRepository.ts';

/** At most this many cards in an auction's carousel. */
const MAX_CAROUSEL_CARDS = 12;

/**
 * What the bidder-side auction routes read and write, bound to the database once (decorated as
 * `app.auctionsRepository`): auctions, their teams, statistics, carousel, leaderboard banners, and
 * the bidders' status rows (auction_bidders). Visibility filters come from authorization/.
 */
export function auctionsRepository(db: Db) {
  return {
    /** The listed auctions the viewer may see. */
    list: (viewerId: string | null) => listAuctions(db, viewerId),
    findByLink: (urlMagicLink: string) => findAuctionByUrlMagicLink(db, urlMagicLink),
    /** The few facts most calls need of an auction named by its link. */
    findRef: (urlMagicLink: string) => findAuctionRef(db, urlMagicLink),

    /** Profit per listed auction the viewer may see: won lots at their price plus fixed-price sales, in cents. */
    async profits(viewerId: string | null): Promise<Array<{ auctionId: number; profit: number }>> {
      const rows = await db
        .selectFrom('auctions as a')
        .select([
          'a.id',
          sql<string>`coalesce((SELECT sum(v.price) FROM lot_views v WHERE v.auction_id = a.id AND v.status = ${LotStatus.ClosedWon}), 0)
            + coalesce((SELECT sum(p.quantity * p.unit_price) FROM lot_purchases p JOIN lots l ON l.id = p.lot_id
                         WHERE l.auction_id = a.id), 0)`.as('profit'),
        ])
        .where('a.status', 'in', LISTED_AUCTION_STATUSES)
        .where(visibleAuctionSql(viewerId))
        .execute();
      return rows.map((row) => ({ auctionId: row.id, profit: sumOfCents(row.profit) }));
    },

    /** The auction's end and completion dates with what its visibility check needs. */
    dates(auctionId: number) {
      return db
        .selectFrom('auctions')
        .select(['id', 'type', 'organization_id', 'date_completed', 'completed_date'])
        .where('id', '=', auctionId)
        .executeTakeFirst();
    },

    organizationTeams(organizationId: number) {
      return db
        .selectFrom('organization_teams')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .orderBy('id')
        .execute();
    },

    /** An auction with its brand (the organisation's company), for its carousel. */
    carouselAuction(auctionId: number) {
      return db
        .selectFrom('auctions as a')
        .innerJoin('organizations as o', 'o.id', 'a.organization_id')
        .select(['a.id', 'a.status', 'a.type', 'a.organization_id', 'a.show_auction_carousel', 'o.company_id'])
        .where('a.id', '=', auctionId)
        .executeTakeFirst();
    },

    /**
     * The other current auctions of the brand the viewer may see: the auction's own organisation
     * first, then the soonest to end.
     */
    carouselCards(
      auction: { id: number; organization_id: number; company_id: number },
      viewerId: string | null,
      language: Language,
    ) {
      return db
        .selectFrom('auctions as a')
        .innerJoin('organizations as o', 'o.id', 'a.organization_id')
        .select([
          'a.id',
          'a.url_magic_link',
          'a.status',
          'a.date_open',
          'a.date_completed',
          'a.banner_english',
          'a.banner_french',
          'a.colors',
          'o.id as organization_id',
          'o.name as organization_name',
          sql<string | null>`coalesce(
            (SELECT t.title_short FROM auction_translations t WHERE t.auction_id = a.id AND t.language_code = ${language}),
            (SELECT t.title_short FROM auction_translations t WHERE t.auction_id = a.id ORDER BY t.language_code LIMIT 1))`.as(
            'title_short',
          ),
        ])
        .where('a.id', '!=', auction.id)
        .where('a.status', 'in', CURRENT_AUCTION_STATUSES)
        .where('o.company_id', '=', auction.company_id)
        .where(visibleAuctionSql(viewerId))
        .orderBy(sql`(a.organization_id = ${auction.organization_id})`, 'desc')
        .orderBy(sql`a.date_completed asc nulls last`)
        .orderBy('a.id')
        .limit(MAX_CAROUSEL_CARDS)
        .execute();
    },

    /** The auction of a leaderboard page, by its link. */
    leaderboardAuction(urlMagicLink: string) {
      return db
        .selectFrom('auctions')
        .select([
          'id',
          'type',
          'organization_id',
          'status',
          'url_magic_link',
          'date_completed',
          'allow_items_management_by_team',
        ])
        .where(sql<boolean>`lower(url_magic_link) = lower(${urlMagicLink})`)
        .executeTakeFirst();
    },

    /** The photos shown as the leaderboard's banners. */
    leaderboardBanners(auctionId: number) {
      return db
        .selectFrom('auction_photos')
        .select(['full_path', 'order', 'interval', 'is_used_in_english', 'is_used_in_french'])
        .where('auction_id', '=', auctionId)
        .where('is_used_as_banner_in_leaderboard', '=', true)
        .orderBy('order')
        .orderBy('id')
        .execute();
    },

    /** An auction named by its link with its access code (private auctions). */
    accessCodeOf(urlMagicLink: string) {
      return db
        .selectFrom('auctions')
        .select(['id', 'status', 'access_code'])
        .where(sql<boolean>`lower(url_magic_link) = lower(${urlMagicLink})`)
        .executeTakeFirst();
    },

    /** Whether the auction bills card fees to the client, with its status. */
    creditCardFeesOf(auctionId: number) {
      return db
        .selectFrom('auctions')
        .select(['id', 'type', 'organization_id', 'status', 'bill_credit_card_fees_to_client'])
        .where('id', '=', auctionId)
        .executeTakeFirst();
    },

    async userExists(userId: string): Promise<boolean> {
      return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
    },

    /** The user's bidder row in the auction (status, card fee decision), if any. */
    bidder(auctionId: number, userId: string) {
      return db
        .selectFrom('auction_bidders')
        .select(['status', 'has_accepted_credit_card_fees'])
        .where('auction_id', '=', auctionId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /**
     * Sets the bidder's status, creating their row. `by` is who set it: a lock keeps its operator,
     * who then authors any withdrawal of a maximum placed at the lock's instant (lockedBidderMaxBids.ts).
     */
    async setBidderStatus(auctionId: number, userId: string, status: BidderStatus, by?: string): Promise<void> {
      const locked_by = status === BidderStatus.Locked ? (by ?? null) : null;
      await db
        .insertInto('auction_bidders')
        .values({ auction_id: auctionId, user_id: userId, status, locked_by })
        .onConflict((oc) =>
          oc.columns(['auction_id', 'user_id']).doUpdateSet({ status, locked_by, updated_at: new Date() }),
        )
        .execute();
    },

    /** Records the bidder's card fee decision; a bidder with no status yet becomes Visited. */
    setCreditCardFeesAccepted(auctionId: number, userId: string, accepted: boolean) {
      return db
        .insertInto('auction_bidders')
        .values({
          auction_id: auctionId,
          user_id: userId,
          status: BidderStatus.Visited,
          has_accepted_credit_card_fees: accepted,
        })
        .onConflict((oc) =>
          oc
            .columns(['auction_id', 'user_id'])
            .doUpdateSet({ has_accepted_credit_card_fees: accepted, updated_at: new Date() }),
        )
        .returning(['status', 'has_accepted_credit_card_fees'])
        .executeTakeFirstOrThrow();
    },
  };
}

export type AuctionsRepository = ReturnType<typeof auctionsRepository>;
