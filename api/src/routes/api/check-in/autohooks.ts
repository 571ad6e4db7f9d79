import type { FastifyPluginAsync } from 'fastify';
import { INVITING_ROLES } from '../../../accounts/roles.ts';
import { bearer, documentRoutes } from '../../../routeDocs.ts';

/**
 * The door's check-in (docs/console.md): volunteers, auction managers and administrators; which
 * organisations' auctions each may touch is checked per call (the `checkIn` action).
 */
export default (async (app) => {
  // On request, before the body is read: a bidder learns nothing (403).
  app.addHook('onRequest', app.requireRoles(INVITING_ROLES));
  documentRoutes(app, { security: bearer });
}) satisfies FastifyPluginAsync;
