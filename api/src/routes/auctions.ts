import type { Db } from '@auction/platform';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { toAuctionDto } from '../auctions/auctionDto.ts';
import { findAuctionByUrlMagicLink, listAuctions } from '../auctions/auctionRepository.ts';
import { HttpError } from '../errors.ts';

const byUrlMagicLink = z.object({ urlMagicLink: z.string().trim().min(1).max(200) });

export const auctionRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get('/auctions', async () => (await listAuctions(db)).map(toAuctionDto));

  app.get('/auctions/url-magic-link', async (request) => {
    const { urlMagicLink } = byUrlMagicLink.parse(request.query);
    const auction = await findAuctionByUrlMagicLink(db, urlMagicLink);
    if (!auction || auction.status === 6) throw new HttpError(404, 'auction_not_found');
    return toAuctionDto(auction);
  });

  app.get('/account/client-synchronization-time', async () => ({ currentTime: new Date().toISOString() }));
};
