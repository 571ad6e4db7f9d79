import { idParams, operator } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OrderedTable } from './auctionPartRepository.ts';

const { orderFields, orderedIds, operatorErrors } = operator;
type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * `PUT /api/admin/auctions/:id/<path>/order`: the auction's categories, tabs or banner photos in a
 * new order, for the operators who manage the auction. The whole list goes in one call and one
 * transaction, so a reorder is never half applied; a PUT of the same list again changes nothing.
 */
export function orderRoute(app: ZodApp, { table, path, what }: { table: OrderedTable; path: string; what: string }) {
  app.put(
    `/api/admin/auctions/:id/${path}/order`,
    {
      schema: {
        summary: `Puts the auction's ${what} in a new order: every id once, first shown first`,
        params: idParams,
        body: orderFields,
        response: { 200: orderedIds, ...operatorErrors(404, 409) },
      },
    },
    async (request) => {
      const { auctionId } = await app.operatorAccess.managedAuction(request, 'auction', request.params.id);
      return app.auctionPartRepository.reorder(table, auctionId, request.body.ids);
    },
  );
}
