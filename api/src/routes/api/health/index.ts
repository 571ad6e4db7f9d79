import type { FastifyPluginAsync } from 'fastify';
import { healthRoutes } from '../../health.ts';

export default (async (app) => {
  await app.register(healthRoutes, { prefix: '/api', db: app.db, redis: app.redis });
}) satisfies FastifyPluginAsync;
