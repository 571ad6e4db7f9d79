import type { FastifyPluginAsync } from 'fastify';
import { administratorsOnBullBoard } from '../../admin/bullBoard.ts';

/** Every request to the dashboard, its pages, scripts and API calls, is an administrator's. */
export default (async (app) => {
  app.addHook('onRequest', administratorsOnBullBoard(app));
}) satisfies FastifyPluginAsync;
