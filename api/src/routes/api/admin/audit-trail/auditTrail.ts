import { idParams, operator } from '@auction/contract';
import { lotStreamId } from '@auction/engine';
import { replayLot } from '@auction/engine/replay';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const { auditTrail, operatorErrors } = operator;

/** A lot's audit trail: its stream replayed from the events alone, as `npm run replay` does. */
export default (async (app) => {
  app.get(
    '/api/admin/lots/:id/audit-trail',
    {
      schema: {
        tags: ['operator'],
        summary: "The lot's stream replayed bid by bid, with extensions, removals and who made them",
        params: idParams,
        response: { 200: auditTrail, ...operatorErrors(404) },
      },
    },
    async (request) => {
      await app.operatorAccess.managedAuction(request, 'lot', request.params.id);
      const streamId = lotStreamId(request.params.id);
      const history = replayLot(streamId, await app.eventStore.readStream(streamId));
      return { streamId: history.streamId, entries: history.entries, standing: history.standing };
    },
  );
}) satisfies FastifyPluginAsyncZod;
