import { operator } from '@auction/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { commandIdOf } from '../../../../commandId.ts';
import { HttpError } from '../../../../errors.ts';
import { runLotCommand } from '../../../../operator/lotCommandAnswer.ts';

const { bidRemovalBody, bidRemovalParams, lotCommandAnswer, operatorErrors } = operator;

/** An administrator removes a bid (spec 001: "administrators remove bids"); the engine recomputes the standing. */
export default (async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/admin/lots/:id/bids/:bidId/remove',
    {
      schema: {
        tags: ['operator'],
        security: [{ bearer: [] }],
        summary:
          "Removes a bid (a max bid's automatic bids go with it) and recomputes the standing (DESIGN.md §3 rule 4)",
        params: bidRemovalParams,
        body: bidRemovalBody,
        response: { 200: lotCommandAnswer, ...operatorErrors(404, 409, 422) },
      },
    },
    async (request) => {
      const lotId = request.params.id;
      const lot = await app.operatorAccess.managedAuction(request, 'lot', lotId);
      // Once the auction's invoices exist the standing is billed: DESIGN.md §3 rule 4.
      const answer = await app.invoices.unlessInvoiced(lot.auctionId, () =>
        runLotCommand(app.lotCommands, lotId, {
          type: 'RemoveBid',
          bidId: request.params.bidId,
          reason: request.body.reason,
          commandId: commandIdOf(request, request.body.commandId),
          userId: lot.userId,
          at: Date.now(),
          auctionActive: lot.auctionActive,
        }),
      );
      if (answer === 'lot_invoiced') throw new HttpError(409, 'lot_invoiced');
      return answer;
    },
  );
}) satisfies FastifyPluginAsync;
