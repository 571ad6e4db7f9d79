import { auctionExportsContract } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The auction's CSV exports (issue 19 §4): a download per kind, for the organisation's operators. */
export default (async (app) => {
  app.get(
    '/api/admin/auctions/:id/exports/:kind',
    {
      schema: {
        tags: ['operator'],
        summary: "An auction's lots, bids, winners, purchases, donations, bidders or invoices as a CSV file",
        produces: ['text/csv'],
        ...auctionExportsContract.csv,
      },
    },
    async (request, reply) => {
      const { id, kind } = request.params;
      await app.operatorAccess.managedAuction(request, 'auction', id);
      const csv = await app.auctionExports.csv(id, kind);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="auction-${id}-${kind}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}) satisfies FastifyPluginAsyncZod;
