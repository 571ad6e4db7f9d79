import { lotsContract } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../../accounts/auth.ts';
import { LOT_READS } from '../../../authorization/auctionAccess.ts';
import { HttpError } from '../../../errors.ts';
import { languageOf } from '../../../i18n/language.ts';
import { lotItemDto, nameOf } from '../../../lots/lotItemDto.ts';
import { bearer, documentRoutes } from '../../../routeDocs.ts';

/**
 * Favourites (spec 001 §7): a signed-in user's favourite lots of an auction, paged; the ids of the
 * current favourites for the cards' hearts; add and remove. Adding twice or removing what is not a
 * favourite changes nothing.
 */
const favoriteRoutes: FastifyPluginAsyncZod = async (app) => {
  documentRoutes(app, { tags: ['favourites'], security: bearer });
  const { lotsRepository: lots, auctionsRepository: auctions, authorization } = app;

  /** The auction of a favourites call, once it is known the user may see its lots. */
  async function auctionId(urlMagicLink: string, userId: string): Promise<number> {
    return (await authorization.visibleAuction(await auctions.findRef(urlMagicLink), userId, LOT_READS)).id;
  }

  app.get(
    '/api/favorites',
    {
      preHandler: app.authenticate,
      schema: {
        summary: "The user's favourite lots of an auction, paged (25, 50, 100 or 200), by lot number",
        ...lotsContract.favorites,
      },
    },
    async (request) => {
      const userId = accountOf(request).id;
      const { currentPage, pageSize } = request.query;
      const rows = await lots.favoriteLots(await auctionId(request.query.urlMagicLink, userId), userId);
      const now = new Date();
      const visible = rows.filter((row) => !(row.is_hidden ?? row.configured_hidden));
      return {
        count: visible.length,
        currentPage,
        pageSize,
        items: visible
          .slice((currentPage - 1) * pageSize, currentPage * pageSize)
          .map((row) => ({ ...lotItemDto(row, now, userId), name: nameOf(row, languageOf(request)) })),
      };
    },
  );

  app.get(
    '/api/favorites/get-current-favorites',
    {
      preHandler: app.authenticate,
      schema: {
        summary: "The ids of the user's favourite lots in an auction",
        ...lotsContract.currentFavorites,
      },
    },
    async (request) => {
      const userId = accountOf(request).id;
      // As the paged list: a favourite lot hidden since is not named (it would tell it exists).
      const ids = await lots.shownFavoriteIds(await auctionId(request.query.urlMagicLink, userId), userId);
      return ids.map((id) => ({ id, auctionLotItemId: id }));
    },
  );

  app.post(
    '/api/favorites/:lotId/:auctionKey',
    {
      preHandler: app.authenticate,
      schema: {
        summary: 'Add a lot to the favourites (auctionKey: the auction’s link)',
        ...lotsContract.addFavorite,
      },
    },
    async (request) => {
      const userId = accountOf(request).id;
      const lotId = request.params.lotId;
      // The lot as its page shows it: a hidden lot is not found, as a missing one (visibleLot).
      const found = await lots.lotAndAuction(lotId);
      const lotAuction = await authorization.visibleLot(found?.lot, found?.auction, userId);
      if (lotAuction.id !== (await auctionId(request.params.auctionKey, userId))) {
        throw new HttpError(404, 'item_not_found');
      }
      await lots.addFavorite(userId, lotId);
      return { id: lotId, auctionLotItemId: lotId, isFavorite: true };
    },
  );

  app.delete(
    '/api/favorites/:id',
    {
      preHandler: app.authenticate,
      schema: {
        summary: 'Remove a lot from the favourites (id: the lot’s id)',
        ...lotsContract.removeFavorite,
      },
    },
    async (request) => {
      await lots.removeFavorite(accountOf(request).id, request.params.id);
      return { id: request.params.id, auctionLotItemId: request.params.id, isFavorite: false };
    },
  );
};

export default favoriteRoutes;
