import type { FastifyPluginAsync } from 'fastify';
import { auctionBidderRoutes } from '../../auctionBidders.ts';
import { auctionInfoRoutes } from '../../auctionInfo.ts';
import { auctionRoutes } from '../../auctions.ts';
import { carouselRoutes } from '../../carousel.ts';
import { leaderboardRoutes } from '../../leaderboard.ts';

export default (async (app) => {
  const { db } = app;
  await app.register(auctionRoutes, { prefix: '/api', db });
  await app.register(auctionInfoRoutes, { prefix: '/api', db, cadToUsdRate: app.settings.cadToUsdRate });
  await app.register(auctionBidderRoutes, { prefix: '/api', ...app.accounts });
  await app.register(carouselRoutes, { prefix: '/api', db });
  await app.register(leaderboardRoutes, { prefix: '/api', db });
}) satisfies FastifyPluginAsync;
