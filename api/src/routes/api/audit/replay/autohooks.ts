import type { FastifyPluginAsync } from 'fastify';
import { AUDITING_ROLES } from '../../../../accounts/roles.ts';
import { bearer, documentRoutes } from '../../../../routeDocs.ts';

/**
 * The auditor's reads (docs/audit.md): administrators, auction managers and auditors; which
 * organisations' auctions each may read is checked per call (the `audit` action). The receipts'
 * check beside this folder stays public.
 */
export default (async (app) => {
  // On request: a bidder or a volunteer learns nothing (403).
  app.addHook('onRequest', app.requireRoles(AUDITING_ROLES));
  documentRoutes(app, { security: bearer });
}) satisfies FastifyPluginAsync;
