import { BidderStatus } from '@auction/contract';
import { type Db, executePrepared } from '@auction/platform';
import { type Compilable, sql } from 'kysely';
import type pg from 'pg';
import { ListingCache } from './listingCache.ts';
import {
  auctionListingQuery,
  favoriteLotIds,
  findLotQuery,
  type LotRow,
  lotQuery,
  lotsByIdQuery,
  relatedLotsQuery,
} from './lotRepository.ts';

/**
 * The lot reads and the favourites, bound to the database once (decorated as `app.lotsRepository`).
 * The reads behind the lot table and the lot page run as named statements: their correlated
 * subqueries cost more to plan than to run. The auction listings are cached per app (listingCache.ts).
 */
export function lotsRepository(db: Db, pool: pg.Pool) {
  const read = <R>(query: Compilable<R>) => executePrepared(pool, query);
  const listings = new ListingCache((auctionId: number) => read(auctionListingQuery(db, auctionId)));

  /** The auction a lot call names, by link (without case) or id, with what permission to bid needs. */
  function auctionOfLots(where: { urlMagicLink?: string; id?: number }) {
    let query = db
      .selectFrom('auctions')
      .select([
        'id',
        'status',
        'type',
        'url_magic_link',
        'organization_id',
        'allow_anonymous_bidding',
        'require_cc_to_bid',
        'require_address_to_bid',
      ]);
    if (where.urlMagicLink) query = query.where(sql<boolean>`lower(url_magic_link) = lower(${where.urlMagicLink})`);
    if (where.id) query = query.where('id', '=', where.id);
    return query.executeTakeFirst();
  }

  return {
    auctionOfLots,

    /**
     * A lot's auction as lot reads check it, and whether the lot is hidden (the engine's flag over
     * the row's, as every read takes it), or undefined for an unknown lot.
     */
    async lotAndAuction(lotId: number) {
      const lot = await db
        .selectFrom('lots as l')
        .leftJoin('lot_views as v', 'v.lot_id', 'l.id')
        .select(['l.auction_id', sql<boolean>`coalesce(v.is_hidden, l.is_hidden)`.as('hidden')])
        .where('l.id', '=', lotId)
        .executeTakeFirst();
      return lot && { lot, auction: await auctionOfLots({ id: lot.auction_id }) };
    },

    /**
     * An auction's status and the ids of all its lots (hidden or not, by id), in one query, or
     * undefined for an unknown auction: what a lock needs to withdraw a bidder's maxes.
     */
    async auctionStatusAndLotIds(auctionId: number): Promise<{ status: number; lotIds: number[] } | undefined> {
      const auction = await db
        .selectFrom('auctions as a')
        .select([
          'a.status',
          sql<number[]>`array(SELECT l.id FROM lots l WHERE l.auction_id = a.id ORDER BY l.id)`.as('lot_ids'),
        ])
        .where('a.id', '=', auctionId)
        .executeTakeFirst();
      return auction && { status: auction.status, lotIds: auction.lot_ids };
    },

    /**
     * Whether the bidder is locked out of the auction now, and by whom: undefined when not locked;
     * `lockedBy` null for a lock older than the column that keeps its operator.
     */
    lockOf(auctionId: number, bidderId: string): Promise<{ lockedBy: string | null } | undefined> {
      return db
        .selectFrom('auction_bidders')
        .select('locked_by as lockedBy')
        .where('auction_id', '=', auctionId)
        .where('user_id', '=', bidderId)
        .where('status', '=', BidderStatus.Locked)
        .executeTakeFirst();
    },

    /** The auction's lots as the table sorts and filters them (cached). */
    listing: (auctionId: number) => listings.get(auctionId),

    favoriteLotIds: (auctionId: number, userId: string) => favoriteLotIds(db, auctionId, userId),

    /** Full rows of a page of lots, in no particular order. */
    lotsById: (lotIds: number[], userId: string | null) => read(lotsByIdQuery(db, lotIds, userId)),

    async findLot(lotId: number, userId: string | null): Promise<LotRow | undefined> {
      const [row] = await read(findLotQuery(db, lotId, userId));
      return row;
    },

    relatedLots: (lot: LotRow, userId: string | null) => read(relatedLotsQuery(db, lot, userId)),

    /** The signed-in user's profile: permission to bid reads their roles and address. */
    bidderProfile: (userId: string) => db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst(),

    /** The user's maximum bid on the lot in cents, or null. */
    async userMaxBid(lotId: number, userId: string): Promise<number | null> {
      const row = await db
        .selectFrom('lot_max_bids')
        .select('max_amount')
        .where('lot_id', '=', lotId)
        .where('bidder_id', '=', userId)
        .executeTakeFirst();
      return row ? row.max_amount : null;
    },

    /** Spec 001 §3 bid history: standing bids only, most recent first. */
    bidHistory(lotId: number) {
      return db
        .selectFrom('lot_bids as b')
        .innerJoin('users as u', 'u.id', 'b.bidder_id')
        .select(['b.bid_id', 'b.bidder_id', 'b.amount', 'b.is_auto_bid', 'b.is_max_bid', 'b.placed_at', 'u.nick_name'])
        .where('b.lot_id', '=', lotId)
        .where('b.removed', '=', false)
        .orderBy('b.stream_version', 'desc')
        .orderBy('b.bid_id', 'desc')
        .execute();
    },

    /** The given lots' rows (the winner results), by id. */
    lotsWithIds: (lotIds: number[]) => lotQuery(db, null).where('l.id', 'in', lotIds).orderBy('l.id').execute(),

    /** The user's favourite lots of an auction, by lot number. */
    favoriteLots(auctionId: number, userId: string) {
      return lotQuery(db, userId)
        .innerJoin('favorites as f', (join) => join.onRef('f.lot_id', '=', 'l.id').on('f.user_id', '=', userId))
        .where('l.auction_id', '=', auctionId)
        .orderBy('l.lot_number')
        .orderBy('l.id')
        .execute();
    },

    /** The lots of an auction the user bid on, with their highest bid that was not removed (cents). */
    bidLots(auctionId: number, userId: string) {
      return lotQuery(db, userId)
        .innerJoin(
          (eb) =>
            eb
              .selectFrom('lot_bids')
              .select((b) => ['lot_id', b.fn.max('amount').as('my_amount')])
              .where('bidder_id', '=', userId)
              .where('removed', '=', false)
              .groupBy('lot_id')
              .as('mine'),
          (join) => join.onRef('mine.lot_id', '=', 'l.id'),
        )
        .select('mine.my_amount')
        .where('l.auction_id', '=', auctionId)
        .orderBy('l.lot_number')
        .orderBy('l.id')
        .execute();
    },

    /** The user's favourite lots of the auction that are not hidden, by id. */
    async shownFavoriteIds(auctionId: number, userId: string): Promise<number[]> {
      return [...(await favoriteLotIds(db, auctionId, userId, { shownOnly: true }))].sort((a, b) => a - b);
    },

    /** Adding twice changes nothing. */
    async addFavorite(userId: string, lotId: number): Promise<void> {
      await db
        .insertInto('favorites')
        .values({ user_id: userId, lot_id: lotId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    /** Removing what is not a favourite changes nothing. */
    async removeFavorite(userId: string, lotId: number): Promise<void> {
      await db.deleteFrom('favorites').where('user_id', '=', userId).where('lot_id', '=', lotId).execute();
    },
  };
}

export type LotsRepository = ReturnType<typeof lotsRepository>;
