import { bidRemoval, operator } from '@auction/contract';
import { lotStreamId, STREAM_MOVED } from '@auction/engine';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandIdOf } from '../../../../commandId.ts';
import { HttpError } from '../../../../errors.ts';
import { refusalError } from '../../../../lots/refusalStatus.ts';
import { lotCommandAnswer } from '../../../../operator/lotCommandAnswer.ts';

const { bidRemovalBody, bidRemovalParams } = bidRemoval;
const { operatorErrors } = operator;

/**
 * An administrator removes a bid (spec 001: "administrators remove bids"); the engine recomputes
 * the standing, and after the close re-decides the winner. With the preview's `expectedVersion`
 * it is made only on the stream version that was previewed, so what was shown is what happens.
 */
export default (async (app) => {
  app.post(
    '/api/admin/lots/:id/bids/:bidId/remove',
    {
      schema: {
        tags: ['operator'],
        summary:
          "Removes a bid (a max bid's automatic bids go with it) and recomputes the standing (DESIGN.md §3 rule 4)",
        params: bidRemovalParams,
        body: bidRemovalBody,
        response: { 200: operator.lotCommandAnswer, ...operatorErrors(404, 409, 422) },
      },
    },
    async (request) => {
      const lotId = request.params.id;
      const lot = await app.operatorAccess.managedAuction(request, 'lot', lotId);
      // Once the auction's invoices exist the standing is billed: DESIGN.md §3 rule 4.
      const outcome = await app.invoices.unlessInvoiced(lot.auctionId, () =>
        app.lotCommands.handle(
          lotStreamId(lotId),
          {
            type: 'RemoveBid',
            bidId: request.params.bidId,
            reason: request.body.reason,
            commandId: commandIdOf(request, request.body.commandId),
            userId: lot.userId,
            at: Date.now(),
            auctionActive: lot.auctionActive,
          },
          { expectedVersion: request.body.expectedVersion },
        ),
      );
      if (outcome === 'lot_invoiced') throw new HttpError(409, 'lot_invoiced');
      if (!outcome.ok && outcome.reason === STREAM_MOVED) throw new HttpError(409, 'bid_removal_preview_stale');
      if (!outcome.ok) throw refusalError(outcome.reason);
      return lotCommandAnswer(lotId, outcome.state, outcome.version, outcome.events, outcome.duplicate);
    },
  );
}) satisfies FastifyPluginAsyncZod;
