import { auctionsContract } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toAuctionDto } from '../../../auctions/auctionDto.ts';
import { languageOf } from '../../../i18n/language.ts';
import { localizedAuction } from '../../../i18n/localized.ts';
import { documentRoutes } from '../../../routeDocs.ts';

/** The home page's auctions, one auction by its link, and the server's time for countdowns. */
const auctionRoutes: FastifyPluginAsyncZod = async (app) => {
  documentRoutes(app, { tags: ['auctions'] });
  const { auctionsRepository: auctions, authorization } = app;

  app.get(
    '/api/auctions',
    {
      preHandler: app.identify,
      schema: { summary: 'Auctions listed on the home page', ...auctionsContract.list },
    },
    async (request) =>
      (await auctions.list(request.account?.id ?? null)).map((auction) =>
        localizedAuction(toAuctionDto(auction), languageOf(request)),
      ),
  );

  app.get(
    '/api/auctions/url-magic-link',
    {
      preHandler: app.identify,
      schema: {
        summary: 'One auction by its link (a private one: 403 private_auction unless admitted or staff)',
        ...auctionsContract.byLink,
      },
    },
    async (request) => {
      const auction = await authorization.visibleAuction(
        await auctions.findByLink(request.query.urlMagicLink),
        request.account?.id ?? null,
        { hideArchived: true },
      );
      return localizedAuction(toAuctionDto(auction), languageOf(request));
    },
  );

  app.get(
    '/api/account/client-synchronization-time',
    {
      schema: {
        tags: ['account'],
        summary: "The server's time: clients offset their countdowns by it",
        ...auctionsContract.synchronizationTime,
      },
    },
    async () => ({ currentTime: new Date().toISOString() }),
  );
};

export default auctionRoutes;
