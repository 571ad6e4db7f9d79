import type { FastifyPluginAsync } from 'fastify';
import { bidRoutes } from '../../bids.ts';
import { favoriteRoutes } from '../../favorites.ts';
import { lotItemRoutes } from '../../lotItems.ts';

export default (async (app) => {
  await app.register(lotItemRoutes, { prefix: '/api', db: app.db, pool: app.pool });
  await app.register(favoriteRoutes, { prefix: '/api', db: app.db });
  await app.register(bidRoutes, { prefix: '/api', pool: app.pool, lotCommands: app.lotCommands });
}) satisfies FastifyPluginAsync;
