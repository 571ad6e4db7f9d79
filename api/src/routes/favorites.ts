import type { Db } from '@auction/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOf } from '../accounts/auth.ts';
import { findAuctionRef } from '../auctions/auctionRepository.ts';
import { requireVisibleAuction } from '../authorization/auctionAccess.ts';
import { HttpError } from '../errors.ts';
import { lotItemDto, nameOf } from '../lots/lotItemDto.ts';
import { lotQuery } from '../lots/lotRepository.ts';
import { MAX_ROW_ID, rowId } from '../validation.ts';
import { languageOf } from './lotItems.ts';

const tags = ['favourites'];
const security = [{ bearer: [] }];
/** Spec 001 §9: favourites page sizes. */
const PAGE_SIZES = [25, 50, 100, 200] as const;

/**
 * Favourites (spec 001 §7): a signed-in user's favourite lots of an auction, paged; the ids of the
 * current favourites for the cards' hearts; add and remove. Adding twice or removing what is not a
 * favourite changes nothing.
 */
export const favoriteRoutes: FastifyPluginAsync<{ db: Db }> = async (root, { db }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const byLink = z.object({ urlMagicLink: z.string().trim().min(1).max(200) });

  /** The auction of a favourites call, once it is known the user may see it. */
  async function auctionId(urlMagicLink: string, userId: string): Promise<number> {
    const auction = await findAuctionRef(db, urlMagicLink);
    if (!auction) throw new HttpError(404, 'auction_not_found');
    await requireVisibleAuction(db, auction, userId);
    return auction.id;
  }

  app.get(
    '/favorites',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: "The user's favourite lots of an auction, paged (25, 50, 100 or 200), by lot number",
        querystring: byLink.extend({
          currentPage: z.coerce.number().int().min(1).max(MAX_ROW_ID).default(1),
          pageSize: z.coerce
            .number()
            .int()
            .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'invalid_value')
            .default(25),
        }),
      },
    },
    async (request) => {
      const userId = accountOf(request).id;
      const { currentPage, pageSize } = request.query;
      const rows = await lotQuery(db, userId)
        .innerJoin('favorites as f', (join) => join.onRef('f.lot_id', '=', 'l.id').on('f.user_id', '=', userId))
        .where('l.auction_id', '=', await auctionId(request.query.urlMagicLink, accountOf(request).id))
        .orderBy('l.lot_number')
        .orderBy('l.id')
        .execute();
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
    '/favorites/get-current-favorites',
    {
      preHandler: app.authenticate,
      schema: { tags, security, summary: "The ids of the user's favourite lots in an auction", querystring: byLink },
    },
    async (request) => {
      const rows = await db
        .selectFrom('favorites as f')
        .innerJoin('lots as l', 'l.id', 'f.lot_id')
        .select('f.lot_id')
        .where('f.user_id', '=', accountOf(request).id)
        .where('l.auction_id', '=', await auctionId(request.query.urlMagicLink, accountOf(request).id))
        .orderBy('f.lot_id')
        .execute();
      return rows.map((row) => ({ id: row.lot_id, auctionLotItemId: row.lot_id }));
    },
  );

  app.post(
    '/favorites/:lotId/:auctionKey',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Add a lot to the favourites (auctionKey: the auction’s link)',
        params: z.object({ lotId: rowId, auctionKey: z.string().trim().min(1).max(200) }),
      },
    },
    async (request) => {
      const lot = await db
        .selectFrom('lots')
        .select(['id', 'auction_id'])
        .where('id', '=', request.params.lotId)
        .executeTakeFirst();
      if (!lot || lot.auction_id !== (await auctionId(request.params.auctionKey, accountOf(request).id)))
        throw new HttpError(404, 'item_not_found');
      await db
        .insertInto('favorites')
        .values({ user_id: accountOf(request).id, lot_id: lot.id })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return { id: lot.id, auctionLotItemId: lot.id, isFavorite: true };
    },
  );

  app.delete(
    '/favorites/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Remove a lot from the favourites (id: the lot’s id)',
        params: z.object({ id: rowId }),
      },
    },
    async (request) => {
      await db
        .deleteFrom('favorites')
        .where('user_id', '=', accountOf(request).id)
        .where('lot_id', '=', request.params.id)
        .execute();
      return { id: request.params.id, auctionLotItemId: request.params.id, isFavorite: false };
    },
  );
};
