import { AuctionStatus, CURRENT_AUCTION_STATUSES } from '@auction/contract';
import type { Db } from '@auction/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { requireVisibleAuction, visibleAuctionSql } from '../authorization/auctionAccess.ts';
import { HttpError } from '../errors.ts';
import { rowId } from '../validation.ts';
import { languageOf } from '../i18n/language.ts';

/** "Current" auctions: PreOpen and Active (Planning is not accessible, the others are over). */
const MAX_CARDS = 12;

/**
 * The carousel of other auctions on an auction's pages (spec 001 §2, shown when
 * showAuctionCarousel): the other current auctions of the same brand (the organisation's company),
 * the auction's own organisation first, then the soonest to end. An auction whose carousel is off
 * answers an empty list.
 */
export const carouselRoutes: FastifyPluginAsync<{ db: Db }> = async (root, { db }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/auctions/carousel/:id',
    {
      preHandler: app.identify,
      schema: {
        tags: ['auctions'],
        summary: 'Other current auctions of the same brand, for the auction’s carousel',
        params: z.object({ id: rowId }),
      },
    },
    async (request) => {
      const auction = await db
        .selectFrom('auctions as a')
        .innerJoin('organizations as o', 'o.id', 'a.organization_id')
        .select(['a.id', 'a.status', 'a.type', 'a.organization_id', 'a.show_auction_carousel', 'o.company_id'])
        .where('a.id', '=', request.params.id)
        .executeTakeFirst();
      if (!auction || auction.status === AuctionStatus.Archived) throw new HttpError(404, 'auction_not_found');
      const viewerId = request.account?.id ?? null;
      await requireVisibleAuction(db, auction, viewerId);
      if (!auction.show_auction_carousel) return [];
      const language = languageOf(request);
      const others = await db
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
        .limit(MAX_CARDS)
        .execute();
      return others.map((a) => ({
        id: a.id,
        urlMagicLink: a.url_magic_link,
        status: a.status,
        titleShort: a.title_short ?? 'no-translations',
        organizationId: a.organization_id,
        organizationName: a.organization_name,
        dateOpen: a.date_open?.toISOString() ?? null,
        dateCompleted: a.date_completed?.toISOString() ?? null,
        banner: (language === 'en' ? a.banner_english : a.banner_french) ?? a.banner_english ?? a.banner_french,
        primaryColor: (a.colors as Record<string, string>).primaryColor ?? null,
      }));
    },
  );
};
