import type { FastifyPluginAsync } from 'fastify';
import { bearer, documentRoutes } from '../../../routeDocs.ts';

/** Cards on file are a signed-in user's own: every call needs a session, checked before the body is read. */
export default (async (app) => {
  app.addHook('onRequest', app.authenticate);
  documentRoutes(app, { security: bearer });
}) satisfies FastifyPluginAsync;
