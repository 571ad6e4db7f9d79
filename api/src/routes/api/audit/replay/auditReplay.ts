import { auditContract, auditReplay } from '@auction/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../../../accounts/auth.ts';
import type { OwnedKind } from '../../../../authorization/organizationAccess.ts';
import { organizationsFor } from '../../../../authorization/organizationRules.ts';
import { documentRoutes } from '../../../../routeDocs.ts';

const { auditReplayContract } = auditReplay;

/**
 * The auditor's replay (issue 20 §3, docs/audit.md): read-only, for administrators and the
 * auction managers and auditors of the auction's organisation. Another organisation's auction or
 * lot answers 404, as if it did not exist.
 */
export default (async (app) => {
  documentRoutes(app, { tags: ['audit'] });
  const { authorization } = app;

  async function auditable(request: FastifyRequest, kind: OwnedKind, id: number) {
    const actor = await authorization.actorOf(accountOf(request));
    return authorization.authorizeOn(actor, 'audit', kind, id);
  }

  app.get(
    '/api/audit/auctions',
    { schema: { summary: 'The auctions the caller may audit', ...auditReplayContract.auctions } },
    async (request) => {
      const actor = await authorization.actorOf(accountOf(request));
      return app.auditReplay.auctionsOf(organizationsFor(actor, 'audit'));
    },
  );

  app.get(
    '/api/audit/auctions/:id/lots',
    {
      schema: {
        summary: "An auction's lots, with the length of each one's stream",
        ...auditReplayContract.lots,
      },
    },
    async (request) => {
      await auditable(request, 'auction', request.params.id);
      return app.auditReplay.lotsOf(request.params.id);
    },
  );

  app.get(
    '/api/audit/lots/:id/replay',
    {
      schema: {
        summary: "A lot's stream command by command, the standing after each, and the chain's verdict",
        ...auditReplayContract.replay,
      },
    },
    async (request) => {
      const owner = await auditable(request, 'lot', request.params.id);
      return app.auditReplay.replay(request.params.id, owner.auction?.id ?? 0);
    },
  );

  app.get(
    '/api/audit/auctions/:id/export',
    {
      schema: {
        summary: "The auction's log with hashes and the latest checkpoint, verifiable offline",
        ...auditContract.exportAuction,
      },
    },
    async (request, reply) => {
      await auditable(request, 'auction', request.params.id);
      reply.header('Content-Disposition', `attachment; filename="auction-${request.params.id}-audit.json"`);
      return app.auditLog.auctionExport(request.params.id);
    },
  );
}) satisfies FastifyPluginAsyncZod;
