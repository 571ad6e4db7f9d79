import type { FastifyPluginAsync } from 'fastify';
import { bearer, documentRoutes } from '../../../routeDocs.ts';

/** Invoices are a signed-in user's (or their organisation's staff's): every call needs a session. */
export default (async (app) => {
  app.addHook('onRequest', app.authenticate);
  documentRoutes(app, { security: bearer });
}) satisfies FastifyPluginAsync;
