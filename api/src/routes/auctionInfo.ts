import { isAuctionClosed, isAuctionListed, LISTED_AUCTION_STATUSES, LotStatus } from '@auction/contract';
import type { Db } from '@auction/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { toAuctionDto } from '../auctions/auctionDto.ts';
import { findAuctionRef, listAuctions } from '../auctions/auctionRepository.ts';
import { requireVisibleAuction, visibleAuctionSql } from '../authorization/auctionAccess.ts';
import { HttpError } from '../errors.ts';
import { localizedAuction, teamName } from '../i18n/localized.ts';
import { toMoney } from '../money.ts';
import { rowId } from '../validation.ts';
import { languageOf } from '../i18n/language.ts';

const tags = ['auctions'];
/** "Recently closed" on the home page: completed within this many days. */
const RECENTLY_CLOSED_DAYS = 30;

/**
 * Auction-level reads of spec 001 §7 beside the auction itself: recently closed auctions, the
 * home page's profit per auction, the end date, the organisation's teams, and exchange rates.
 */
export const auctionInfoRoutes: FastifyPluginAsync<{ db: Db; cadToUsdRate: number }> = async (
  root,
  { db, cadToUsdRate },
) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/auctions/recently-closed',
    {
      preHandler: app.identify,
      schema: { tags, summary: `Auctions completed in the last ${RECENTLY_CLOSED_DAYS} days` },
    },
    async (request) => {
      const since = Date.now() - RECENTLY_CLOSED_DAYS * 24 * 3600_000;
      return (
        (await listAuctions(db, request.account?.id ?? null))
          // Closed and still listed: Completed or InvoiceGenerated (an Archived auction is hidden).
          .filter((a) => isAuctionClosed(a.status) && isAuctionListed(a.status))
          .filter((a) => (a.completed_date ?? a.date_completed ?? new Date(0)).getTime() >= since)
          .map((auction) => localizedAuction(toAuctionDto(auction), languageOf(request)))
      );
    },
  );

  app.get(
    '/auctions/home-page-auctions-stats',
    {
      preHandler: app.identify,
      schema: {
        tags,
        summary: 'Profit per auction for the home page: won lots at their price plus fixed-price sales, in CAD',
      },
    },
    async (request) => {
      const rows = await db
        .selectFrom('auctions as a')
        .select([
          'a.id',
          sql<number>`coalesce((SELECT sum(v.price) FROM lot_views v WHERE v.auction_id = a.id AND v.status = ${LotStatus.ClosedWon}), 0)
            + coalesce((SELECT sum(p.quantity * p.unit_price) FROM lot_purchases p JOIN lots l ON l.id = p.lot_id
                         WHERE l.auction_id = a.id), 0)`.as('profit'),
        ])
        .where('a.status', 'in', LISTED_AUCTION_STATUSES)
        .where(visibleAuctionSql(request.account?.id ?? null))
        .execute();
      return rows.map((row) => ({ auctionId: row.id, profit: toMoney(Number(row.profit)) }));
    },
  );

  app.get(
    '/auctions/get-date-completed/:auctionId',
    {
      preHandler: app.identify,
      schema: {
        tags,
        summary: "The auction's end (dateCompleted) and when it was completed (completedDate)",
        params: z.object({ auctionId: rowId }),
      },
    },
    async (request) => {
      const auction = await db
        .selectFrom('auctions')
        .select(['id', 'type', 'organization_id', 'date_completed', 'completed_date'])
        .where('id', '=', request.params.auctionId)
        .executeTakeFirst();
      if (!auction) throw new HttpError(404, 'auction_not_found');
      await requireVisibleAuction(db, auction, request.account?.id ?? null);
      return {
        id: auction.id,
        dateCompleted: auction.date_completed?.toISOString() ?? null,
        completedDate: auction.completed_date?.toISOString() ?? null,
      };
    },
  );

  app.get(
    '/auctions/organization-teams/url-magic-link',
    {
      preHandler: app.identify,
      schema: {
        tags,
        summary: "The teams of the auction's organisation, with their colours",
        querystring: z.object({ urlMagicLink: z.string().trim().min(1).max(200) }),
      },
    },
    async (request) => {
      const auction = await findAuctionRef(db, request.query.urlMagicLink);
      if (!auction) throw new HttpError(404, 'auction_not_found');
      await requireVisibleAuction(db, auction, request.account?.id ?? null);
      const teams = await db
        .selectFrom('organization_teams')
        .selectAll()
        .where('organization_id', '=', auction.organization_id)
        .orderBy('id')
        .execute();
      return teams.map((team) => ({
        id: team.id,
        backgroundColor: team.background_color,
        textColor: team.text_color,
        name: teamName(team.translations as Record<string, string>, languageOf(request)),
        translations: Object.entries(team.translations as Record<string, string>).map(([languageCode, name]) => ({
          languageCode,
          name,
        })),
      }));
    },
  );

  app.get(
    '/currency-exchange-rates',
    {
      schema: {
        tags: ['currency'],
        summary: 'CAD to USD (and back) for the approximate converted amounts',
        response: {
          200: z.array(
            z.object({ baseCurrency: z.string(), targetCurrency: z.string(), rate: z.number(), date: z.string() }),
          ),
        },
      },
    },
    async () => {
      const date = new Date().toISOString().slice(0, 10);
      return [
        { baseCurrency: 'CAD', targetCurrency: 'USD', rate: cadToUsdRate, date },
        { baseCurrency: 'USD', targetCurrency: 'CAD', rate: Number((1 / cadToUsdRate).toFixed(6)), date },
        { baseCurrency: 'CAD', targetCurrency: 'CAD', rate: 1, date },
      ];
    },
  );
};
