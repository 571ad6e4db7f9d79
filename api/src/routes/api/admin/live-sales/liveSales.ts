import { liveSalesContract } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandIdOf } from '../../../../commandId.ts';
import { HttpError } from '../../../../errors.ts';
import { amountInCents } from '../../../../money.ts';
import { documentRoutes } from '../../../../routeDocs.ts';

/**
 * Live lots sold on stage (issue 19 §3): the auction's live lots, the sale the operator records
 * for one of them, the hammer price and the winner (an auction bidder), and its correction.
 */
export default (async (app) => {
  documentRoutes(app, { tags: ['operator'] });

  app.get(
    '/api/admin/auctions/:id/live-lots',
    {
      schema: { summary: "An auction's live lots with their sale", ...liveSalesContract.lots },
    },
    async (request) => {
      await app.operatorAccess.managedAuction(request, 'auction', request.params.id);
      return app.liveSales.lots(request.params.id);
    },
  );

  app.post(
    '/api/admin/lots/:id/live-sale',
    {
      schema: {
        summary: 'Records a live lot sold on stage: the hammer price and the winner; the lot closes won',
        ...liveSalesContract.sale,
      },
    },
    async (request) => {
      const lotId = request.params.id;
      const auction = await app.operatorAccess.managedAuction(request, 'lot', lotId);
      return app.liveSales.record(lotId, auction, {
        bidderId: request.body.bidderId,
        amount: hammerPrice(request.body.amount),
        commandId: commandIdOf(request, request.body.commandId),
      });
    },
  );

  app.post(
    '/api/admin/lots/:id/live-sale/correction',
    {
      schema: {
        summary:
          'Corrects a sale recorded on stage to the winner and hammer price really called, with a reason; refused once invoiced',
        ...liveSalesContract.correction,
      },
    },
    async (request) => {
      const lotId = request.params.id;
      const auction = await app.operatorAccess.managedAuction(request, 'lot', lotId);
      return app.liveSales.correct(lotId, auction, {
        bidderId: request.body.bidderId,
        amount: hammerPrice(request.body.amount),
        reason: request.body.reason,
        commandId: commandIdOf(request, request.body.commandId),
      });
    },
  );
}) satisfies FastifyPluginAsyncZod;

/** The hammer price as typed ("1,250.50", 1250.5), in cents; anything else is refused. */
function hammerPrice(amount: unknown): number {
  const cents = amountInCents.safeParse(amount);
  if (!cents.success) throw new HttpError(400, 'invalid_amount');
  return cents.data;
}
