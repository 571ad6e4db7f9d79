import { AuctionStatus, isAuctionClosed, LotType } from '@auction/contract';
import { type Db, executePrepared } from '@auction/platform';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Compilable, sql } from 'kysely';
import type pg from 'pg';
import { z } from 'zod';
import { isAddressCompleted } from '../accounts/profile.ts';
import { accessToAuctions, requireVisibleAuction } from '../authorization/auctionAccess.ts';
import { PRIVATE_AUCTION } from '../authorization/auctionVisibility.ts';
import { CAD_VIEW, type CurrencyView, moneyIn } from '../currency/convertedMoney.ts';
import { HttpError } from '../errors.ts';
import { ListingCache } from '../lots/listingCache.ts';
import { endsAt, lotItemDto, nameOf, statusOf } from '../lots/lotItemDto.ts';
import { fold, listLots } from '../lots/lotList.ts';
import {
  auctionListingQuery,
  favoriteLotIds,
  findLotQuery,
  type ListingRow,
  lotsByIdQuery,
  relatedLotsQuery,
} from '../lots/lotRepository.ts';
import { lotTableQuerySchema, unflattenQuery } from '../lots/lotTableQuery.ts';
import { permissionToBid } from '../lots/permissionToBid.ts';
import { rowId } from '../validation.ts';

const tags = ['lots'];

/** The request's language: Accept-Language picks translations (spec 001 §7). */
export function languageOf(request: FastifyRequest): 'en' | 'fr' {
  const header = String(request.headers['accept-language'] ?? '').toLowerCase();
  return header.startsWith('en') ? 'en' : 'fr';
}

/**
 * Lot reads (spec 001 §7): the list with the table query, one lot with its bid history, related
 * lots and what the user may do, the user's max bid, and the bids most recent first. The lots'
 * state comes from the read models (projections), their texts from the reference tables.
 */
export const lotItemRoutes: FastifyPluginAsync<{ db: Db; pool: pg.Pool }> = async (root, { db, pool }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  /** The lots' auction, once it is known the user may see it (a private auction: 403 private_auction). */
  async function auctionOf(where: { urlMagicLink?: string; id?: number }, userId: string | null) {
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
    const auction = await query.executeTakeFirst();
    // Planning (1) and Archived (6) auctions are not accessible (spec 001 §4).
    if (!auction || auction.status === AuctionStatus.Archived) throw new HttpError(404, 'auction_not_found');
    await requireVisibleAuction(db, auction, userId);
    return auction;
  }

  /** A lot's reads beside the lot itself (history, max bid) follow its auction's visibility. */
  async function requireVisibleLot(lotId: number, userId: string | null) {
    const lot = await db.selectFrom('lots').select('auction_id').where('id', '=', lotId).executeTakeFirst();
    if (!lot) throw new HttpError(404, 'item_not_found');
    const access = (await accessToAuctions(db, [lot.auction_id], userId)).get(lot.auction_id);
    if (!access?.visible) throw new HttpError(403, PRIVATE_AUCTION);
  }

  /** The lot reads run as named statements: their correlated subqueries cost more to plan than to run. */
  const read = <R>(query: Compilable<R>) => executePrepared(pool, query);
  const listings = new ListingCache((auctionId: number) => read(auctionListingQuery(db, auctionId)));

  const listed = (row: ListingRow, now: Date, userId: string | null, favorites: Set<number>) => ({
    id: row.id,
    lotNumber: row.lot_number,
    status: statusOf(row, now),
    isHidden: row.is_hidden ?? row.configured_hidden,
    isFavorite: favorites.has(row.id),
    isWinning: userId !== null && row.leader_id === userId,
    allowsTimeExtension: row.allows_time_extension,
    endsAt: endsAt(row).getTime(),
    price: row.price ?? row.starting_bid,
    categoryIds: row.category_ids,
    teamId: row.organization_team_id,
    closingGroupId: row.closing_group_id,
    searchText: fold(row.names.join(' ')),
  });

  app.get(
    '/auction-lot-items',
    {
      preValidation: async (request) => {
        // The table query's bracketed keys arrive flat; validation sees them as lists.
        (request as { query: unknown }).query = unflattenQuery(request.query as Record<string, unknown>);
      },
      preHandler: app.identify,
      schema: {
        tags,
        summary: "An auction's lots: table query (paging, sorts, filters, quick filters, search)",
        querystring: lotTableQuerySchema,
      },
    },
    async (request) => {
      const userId = request.account?.id ?? null;
      const auction = await auctionOf({ urlMagicLink: request.query.urlMagicLink }, userId);
      const now = new Date();
      const language = languageOf(request);
      const [listing, favorites] = await Promise.all([
        listings.get(auction.id),
        userId ? favoriteLotIds(db, auction.id, userId) : new Set<number>(),
      ]);
      const currency = app.currencyOf(request);
      const page = listLots(
        listing.map((row) => listed(row, now, userId, favorites)),
        request.query,
        isAuctionClosed(auction.status),
      );
      const rows = page.ids.length > 0 ? await read(lotsByIdQuery(db, page.ids, userId)) : [];
      const byId = new Map(rows.map((row) => [row.id, row]));
      return {
        count: page.count,
        currentPage: page.currentPage,
        pageSize: page.pageSize,
        // A lot removed or hidden between the two reads is left out of its page.
        items: page.ids.flatMap((id) => {
          const row = byId.get(id);
          if (!row) return [];
          const item = lotItemDto(row, now, userId, currency);
          // The fresh row has the last word: a lot hidden since the listing was read stays hidden.
          return item.isHidden ? [] : [{ ...item, name: nameOf(row, language) }];
        }),
      };
    },
  );

  const lotParams = z.object({ id: rowId });

  app.get(
    '/auction-lot-items/:id',
    {
      preHandler: app.identify,
      schema: {
        tags,
        summary: 'One lot with its bid history, related lots and what the user may do',
        params: lotParams,
      },
    },
    async (request) => {
      const user = request.account;
      const [row] = await read(findLotQuery(db, request.params.id, user?.id ?? null));
      if (!row) throw new HttpError(404, 'item_not_found');
      const auction = await auctionOf({ id: row.auction_id }, user?.id ?? null);
      const now = new Date();
      const currency = app.currencyOf(request);
      const dto = lotItemDto(row, now, user?.id ?? null, currency);
      // A hidden lot exists only for those who manage its auction's organisation.
      if (dto.isHidden && !(await accessToAuctions(db, [auction.id], user?.id ?? null)).get(auction.id)?.manages) {
        throw new HttpError(404, 'item_not_found');
      }
      // Independent reads, in flight together.
      const [history, relatedRows, profile] = await Promise.all([
        bidHistory(db, row.id, currency),
        row.category_ids.length > 0 ? read(relatedLotsQuery(db, row, user?.id ?? null)) : [],
        user ? db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirst() : undefined,
      ]);
      const related = relatedRows.map((other) => ({
        ...lotItemDto(other, now, user?.id ?? null, currency),
        name: nameOf(other, languageOf(request)),
      }));
      const allowedBidding = permissionToBid({
        auction: {
          urlMagicLink: auction.url_magic_link,
          isActive: auction.status === AuctionStatus.Active,
          allowAnonymousBidding: auction.allow_anonymous_bidding,
          requireCCToBid: auction.require_cc_to_bid,
          requireAddressToBid: auction.require_address_to_bid,
        },
        user: profile
          ? {
              roles: profile.roles,
              addressCompleted: isAddressCompleted(profile),
              activeTrustedUrlMagicLinks: [],
              hasCards: false,
              hasSelectedCard: false,
            }
          : null,
        lot: {
          isFixedPrice: row.type === LotType.FixedPrice,
          startingBid: row.starting_bid,
          multiSalePrice: row.multi_sale_price,
          status: dto.status,
          isHidden: dto.isHidden,
        },
      });
      // The lot's row carries the user's max bid already (lotRepository.ts).
      const maxBid = user && row.user_max_bid !== null ? moneyIn(currency, row.user_max_bid) : null;
      return {
        ...dto,
        name: nameOf(row, languageOf(request)),
        listBidsHistory: history,
        relatedAuctionLotItems: related,
        allowedBidding,
        maxBid,
      };
    },
  );

  app.get(
    '/auction-lot-items/:id/max',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: "The signed-in user's maximum bid on the lot",
        params: lotParams,
      },
    },
    async (request) => {
      await requireVisibleLot(request.params.id, request.account?.id ?? null);
      return userMaxBid(db, request.params.id, request.account?.id ?? '', app.currencyOf(request));
    },
  );

  app.get(
    '/auction-lot-items/refresh-bids/:id',
    {
      preHandler: app.identify,
      schema: { tags, summary: "The lot's standing bids, most recent first", params: lotParams },
    },
    async (request) => {
      await requireVisibleLot(request.params.id, request.account?.id ?? null);
      return bidHistory(db, request.params.id, app.currencyOf(request));
    },
  );
};

async function userMaxBid(db: Db, lotId: number, userId: string, currency: CurrencyView = CAD_VIEW) {
  const row = await db
    .selectFrom('lot_max_bids')
    .select('max_amount')
    .where('lot_id', '=', lotId)
    .where('bidder_id', '=', userId)
    .executeTakeFirst();
  return row ? moneyIn(currency, row.max_amount) : null;
}

/** Spec 001 §3 bid history entries, standing bids only, most recent first. */
async function bidHistory(db: Db, lotId: number, currency: CurrencyView = CAD_VIEW) {
  const rows = await db
    .selectFrom('lot_bids as b')
    .innerJoin('users as u', 'u.id', 'b.bidder_id')
    .select(['b.bid_id', 'b.bidder_id', 'b.amount', 'b.is_auto_bid', 'b.is_max_bid', 'b.placed_at', 'u.nick_name'])
    .where('b.lot_id', '=', lotId)
    .where('b.removed', '=', false)
    .orderBy('b.stream_version', 'desc')
    .orderBy('b.bid_id', 'desc')
    .execute();
  return rows.map((b) => ({
    id: b.bid_id,
    auctionLotItemId: lotId,
    userId: b.bidder_id,
    bidderDisplayName: b.nick_name,
    amount: moneyIn(currency, b.amount),
    isAutoBid: b.is_auto_bid,
    isMaxBid: b.is_max_bid,
    bidDate: new Date(b.placed_at).toISOString(),
  }));
}
