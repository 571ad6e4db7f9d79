import { auditContract } from '@auction/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * An auction's whole log (every event of every lot, with hashes) and the latest signed checkpoint,
 * as one file that `npm run audit:verify -- --file` checks offline (docs/audit.md). For the
 * administrators and the auction managers of the auction's organisation.
 */
export default (async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/audit/auctions/:id/export',
    {
      schema: {
        tags: ['operator'],
        security: [{ bearer: [] }],
        summary: "The auction's log with hashes and the latest checkpoint, verifiable offline",
        ...auditContract.exportAuction,
      },
    },
    async (request, reply) => {
      const { auctionId } = await app.operatorAccess.managedAuction(request, 'auction', request.params.id);
      reply.header('Content-Disposition', `attachment; filename="auction-${auctionId}-audit.json"`);
      return app.auditLog.auctionExport(auctionId);
    },
  );
}) satisfies FastifyPluginAsync;
