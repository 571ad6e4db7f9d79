import { bidRemoval, idParams, operator } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentRoutes } from '../../../../routeDocs.ts';

const { bidRemovalParams, lotBidsAnswer, removalPreviewAnswer } = bidRemoval;
const { operatorErrors } = operator;

/** What an operator looks at before removing a bid: the lot's bids, and the standing a removal would produce. */
export default (async (app) => {
  documentRoutes(app, { tags: ['operator'] });

  app.get(
    '/api/admin/lots/:id/bids',
    {
      schema: {
        summary: "The lot's standing bids as the engine holds them, newest first, with the stream version",
        params: idParams,
        response: { 200: lotBidsAnswer, ...operatorErrors(404) },
      },
    },
    async (request) => {
      const lot = await app.operatorAccess.managedAuction(request, 'lot', request.params.id);
      return app.bidRemoval.lotBids({ lotId: request.params.id, ...lot });
    },
  );

  app.get(
    '/api/admin/lots/:id/bids/:bidId/removal-preview',
    {
      schema: {
        summary:
          "The standing removing this bid would produce beside today's, from the engine's decider; nothing is recorded",
        params: bidRemovalParams,
        response: { 200: removalPreviewAnswer, ...operatorErrors(404, 409) },
      },
    },
    async (request) => {
      const lot = await app.operatorAccess.managedAuction(request, 'lot', request.params.id);
      return app.bidRemoval.preview({ lotId: request.params.id, ...lot }, request.params.bidId);
    },
  );
}) satisfies FastifyPluginAsyncZod;
