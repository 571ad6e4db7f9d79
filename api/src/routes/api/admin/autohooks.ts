import type { FastifyPluginAsync } from 'fastify';
import { OPERATOR_ROLES } from '../../../accounts/roles.ts';
import { bearer, documentRoutes } from '../../../routeDocs.ts';

/**
 * The operator API under /api/admin (docs/operator-api.md): administrators and auction managers
 * only; which organisations each may touch is checked per call.
 */
export default (async (app) => {
  // On request, before the body is read and validated: a caller without an operator role learns nothing.
  app.addHook('onRequest', app.requireRoles(OPERATOR_ROLES));
  documentRoutes(app, { security: bearer });
}) satisfies FastifyPluginAsync;
