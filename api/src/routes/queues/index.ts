import type { FastifyPluginAsync } from 'fastify';
import { bullBoardRoutes } from '../../admin/bullBoard.ts';

/** bull-board at /admin/queues, for administrators. */
export default (async (app) => {
  await app.register(bullBoardRoutes, { redis: app.redis });
}) satisfies FastifyPluginAsync;
