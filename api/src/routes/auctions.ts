import type { Db } from '@auction/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toAuctionDto } from '../auctions/auctionDto.ts';
import { findAuctionByUrlMagicLink, listAuctions } from '../auctions/auctionRepository.ts';
import { requireVisibleAuction } from '../authorization/auctionAccess.ts';
import { HttpError } from '../errors.ts';
import { localizedAuction } from '../i18n/localized.ts';
import { languageOf } from '../i18n/language.ts';

export const auctionRoutes: FastifyPluginAsync<{ db: Db }> = async (root, { db }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/auctions',
    { preHandler: app.identify, schema: { tags: ['auctions'], summary: 'Auctions listed on the home page' } },
    async (request) =>
      (await listAuctions(db, request.account?.id ?? null)).map((auction) =>
        localizedAuction(toAuctionDto(auction), languageOf(request)),
      ),
  );

  app.get(
    '/auctions/url-magic-link',
    {
      preHandler: app.identify,
      schema: {
        tags: ['auctions'],
        summary: 'One auction by its link (a private one: 403 private_auction unless admitted or staff)',
        querystring: z.object({ urlMagicLink: z.string().trim().min(1).max(200) }),
      },
    },
    async (request) => {
      const auction = await findAuctionByUrlMagicLink(db, request.query.urlMagicLink);
      if (!auction || auction.status === 6) throw new HttpError(404, 'auction_not_found');
      await requireVisibleAuction(db, auction, request.account?.id ?? null);
      return localizedAuction(toAuctionDto(auction), languageOf(request));
    },
  );

  app.get(
    '/account/client-synchronization-time',
    {
      schema: {
        tags: ['account'],
        summary: "The server's time: clients offset their countdowns by it",
        response: { 200: z.object({ currentTime: z.string() }) },
      },
    },
    async () => ({ currentTime: new Date().toISOString() }),
  );
};
