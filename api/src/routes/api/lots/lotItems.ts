import { isAuctionClosed, LotType, lotsContract, permissionToBid } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isAddressCompleted } from '../../../accounts/profile.ts';
import { LOT_READS } from '../../../authorization/auctionAccess.ts';
import { moneyIn } from '../../../currency/convertedMoney.ts';
import { HttpError } from '../../../errors.ts';
import { languageOf } from '../../../i18n/language.ts';
import { biddingAuction } from '../../../lots/biddingAuction.ts';
import { bidHistoryDto } from '../../../lots/bidHistory.ts';
import { endsAt, lotItemDto, nameOf, statusOf } from '../../../lots/lotItemDto.ts';
import { fold, listLots } from '../../../lots/lotList.ts';
import type { ListingRow } from '../../../lots/lotRepository.ts';
import { unflattenQuery } from '../../../lots/lotTableQuery.ts';
import { bearer, documentRoutes } from '../../../routeDocs.ts';

/**
 * Lot reads (spec 001 §7): the list with the table query, one lot with its bid history, related
 * lots and what the user may do, the user's max bid, and the bids most recent first. The lots'
 * state comes from the read models (projections), their texts from the reference tables.
 */
const lotItemRoutes: FastifyPluginAsyncZod = async (app) => {
  documentRoutes(app, { tags: ['lots'] });
  const { lotsRepository: lots, authorization, cardsOnFile } = app;

  /**
   * The lots' auction, once it is known the user may see its lots (a private auction: 403
   * private_auction; an archived one, or one in Planning the user does not manage: 404).
   */
  async function auctionOf(where: { urlMagicLink?: string; id?: number }, userId: string | null) {
    return authorization.visibleAuction(await lots.auctionOfLots(where), userId, LOT_READS);
  }

  /** A lot's reads beside the lot itself (history, max bid) answer as its page does. */
  async function requireVisibleLot(lotId: number, userId: string | null) {
    const found = await lots.lotAndAuction(lotId);
    await authorization.visibleLot(found?.lot, found?.auction, userId);
  }

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
    '/api/auction-lot-items',
    {
      preValidation: async (request) => {
        // The table query's bracketed keys arrive flat; validation sees them as lists.
        (request as { query: unknown }).query = unflattenQuery(request.query as Record<string, unknown>);
      },
      preHandler: app.identify,
      schema: {
        summary: "An auction's lots: table query (paging, sorts, filters, quick filters, search)",
        ...lotsContract.list,
      },
    },
    async (request) => {
      const userId = request.account?.id ?? null;
      const auction = await auctionOf({ urlMagicLink: request.query.urlMagicLink }, userId);
      const now = new Date();
      const language = languageOf(request);
      const [listing, favorites] = await Promise.all([
        lots.listing(auction.id),
        userId ? lots.favoriteLotIds(auction.id, userId) : new Set<number>(),
      ]);
      const currency = app.currencyOf(request);
      const page = listLots(
        listing.map((row) => listed(row, now, userId, favorites)),
        request.query,
        isAuctionClosed(auction.status),
      );
      const rows = page.ids.length > 0 ? await lots.lotsById(page.ids, userId) : [];
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

  app.get(
    '/api/auction-lot-items/:id',
    {
      preHandler: app.identify,
      schema: {
        summary: 'One lot with its bid history, related lots and what the user may do',
        ...lotsContract.detail,
      },
    },
    async (request) => {
      const user = request.account;
      const row = await lots.findLot(request.params.id, user?.id ?? null);
      if (!row) throw new HttpError(404, 'item_not_found');
      const now = new Date();
      const currency = app.currencyOf(request);
      const dto = lotItemDto(row, now, user?.id ?? null, currency);
      const auction = await authorization.visibleLot(
        { hidden: dto.isHidden },
        await lots.auctionOfLots({ id: row.auction_id }),
        user?.id ?? null,
      );
      // Independent reads, in flight together.
      const [history, relatedRows, profile, cards] = await Promise.all([
        lots.bidHistory(row.id),
        row.category_ids.length > 0 ? lots.relatedLots(row, user?.id ?? null) : [],
        user ? lots.bidderProfile(user.id) : undefined,
        user
          ? cardsOnFile.permissionCards(user.id, { id: auction.id, requireCCToBid: auction.require_cc_to_bid })
          : null,
      ]);
      const related = relatedRows.map((other) => ({
        ...lotItemDto(other, now, user?.id ?? null, currency),
        name: nameOf(other, languageOf(request)),
      }));
      const allowedBidding = permissionToBid({
        auction: biddingAuction(auction),
        user: profile
          ? {
              roles: profile.roles,
              addressCompleted: isAddressCompleted(profile),
              activeTrustedUrlMagicLinks: [],
              hasCards: cards?.hasCards ?? false,
              hasSelectedCard: cards?.hasSelectedCard ?? false,
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
        listBidsHistory: bidHistoryDto(history, row.id, currency),
        relatedAuctionLotItems: related,
        allowedBidding,
        maxBid,
      };
    },
  );

  app.get(
    '/api/auction-lot-items/:id/max',
    {
      preHandler: app.authenticate,
      schema: {
        security: bearer,
        summary: "The signed-in user's maximum bid on the lot",
        ...lotsContract.userMaxBid,
      },
    },
    async (request) => {
      const userId = request.account?.id ?? '';
      await requireVisibleLot(request.params.id, userId || null);
      const cents = await lots.userMaxBid(request.params.id, userId);
      return cents === null ? null : moneyIn(app.currencyOf(request), cents);
    },
  );

  app.get(
    '/api/auction-lot-items/refresh-bids/:id',
    {
      preHandler: app.identify,
      schema: { summary: "The lot's standing bids, most recent first", ...lotsContract.refreshBids },
    },
    async (request) => {
      await requireVisibleLot(request.params.id, request.account?.id ?? null);
      return bidHistoryDto(await lots.bidHistory(request.params.id), request.params.id, app.currencyOf(request));
    },
  );
};

export default lotItemRoutes;
