import { auctionsContract, isAuctionClosed, isAuctionListed } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toAuctionDto } from '../../../auctions/auctionDto.ts';
import { languageOf } from '../../../i18n/language.ts';
import { localizedAuction, teamName } from '../../../i18n/localized.ts';
import { toMoney } from '../../../money.ts';
import { documentRoutes } from '../../../routeDocs.ts';

/** "Recently closed" on the home page: completed within this many days. */
const RECENTLY_CLOSED_DAYS = 30;

/**
 * Auction-level reads of spec 001 §7 beside the auction itself: recently closed auctions, the
 * home page's profit per auction, the end date, the organisation's teams, and exchange rates.
 */
const auctionInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  documentRoutes(app, { tags: ['auctions'] });
  const { auctionsRepository: auctions, authorization } = app;
  const { cadToUsdRate } = app.settings;

  app.get(
    '/api/auctions/recently-closed',
    {
      preHandler: app.identify,
      schema: {
        summary: `Auctions completed in the last ${RECENTLY_CLOSED_DAYS} days`,
        ...auctionsContract.recentlyClosed,
      },
    },
    async (request) => {
      const since = Date.now() - RECENTLY_CLOSED_DAYS * 24 * 3600_000;
      return (
        (await auctions.list(request.account?.id ?? null))
          // Closed and still listed: Completed or InvoiceGenerated (an Archived auction is hidden).
          .filter((a) => isAuctionClosed(a.status) && isAuctionListed(a.status))
          .filter((a) => (a.completed_date ?? a.date_completed ?? new Date(0)).getTime() >= since)
          .map((auction) => localizedAuction(toAuctionDto(auction), languageOf(request)))
      );
    },
  );

  app.get(
    '/api/auctions/home-page-auctions-stats',
    {
      preHandler: app.identify,
      schema: {
        summary: 'Profit per auction for the home page: won lots at their price plus fixed-price sales, in CAD',
        ...auctionsContract.stats,
      },
    },
    async (request) =>
      (await auctions.profits(request.account?.id ?? null)).map((row) => ({
        auctionId: row.auctionId,
        profit: toMoney(row.profit),
      })),
  );

  app.get(
    '/api/auctions/get-date-completed/:auctionId',
    {
      preHandler: app.identify,
      schema: {
        summary: "The auction's end (dateCompleted) and when it was completed (completedDate)",
        ...auctionsContract.dateCompleted,
      },
    },
    async (request) => {
      const auction = await authorization.visibleAuction(
        await auctions.dates(request.params.auctionId),
        request.account?.id ?? null,
      );
      return {
        id: auction.id,
        dateCompleted: auction.date_completed?.toISOString() ?? null,
        completedDate: auction.completed_date?.toISOString() ?? null,
      };
    },
  );

  app.get(
    '/api/auctions/organization-teams/url-magic-link',
    {
      preHandler: app.identify,
      schema: {
        summary: "The teams of the auction's organisation, with their colours",
        ...auctionsContract.organizationTeams,
      },
    },
    async (request) => {
      const auction = await authorization.visibleAuction(
        await auctions.findRef(request.query.urlMagicLink),
        request.account?.id ?? null,
      );
      const teams = await auctions.organizationTeams(auction.organization_id);
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
    '/api/currency-exchange-rates',
    {
      schema: {
        tags: ['currency'],
        summary: 'CAD to USD (and back) for the approximate converted amounts',
        ...auctionsContract.exchangeRates,
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

export default auctionInfoRoutes;
