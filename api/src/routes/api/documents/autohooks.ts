import type { FastifyPluginAsync } from 'fastify';
import { bearer, documentRoutes } from '../../../routeDocs.ts';

/** Documents are sent by a signed-in user about their own (or their organisation's) invoices. */
export default (async (app) => {
  app.addHook('onRequest', app.authenticate);
  documentRoutes(app, { security: bearer });
}) satisfies FastifyPluginAsync;
