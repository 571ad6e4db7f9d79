import type { FastifyPluginAsync } from 'fastify';
import { operatorRoutes } from '../../admin/index.ts';

export default (async (app) => {
  await app.register(operatorRoutes, {
    prefix: '/api/admin',
    db: app.db,
    redis: app.redis,
    hubPrefix: app.settings.hub?.redisPrefix ?? '',
    lotCommands: app.lotCommands,
    eventStore: app.eventStore,
    ...(app.auctionLifecycle ? { auctionLifecycle: app.auctionLifecycle } : {}),
  });
}) satisfies FastifyPluginAsync;
