import { closingMinute } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentRoutes } from '../../../../routeDocs.ts';

const { CLOSING_LOTS_LIMIT, RECENT_BIDS_LIMIT, RECENT_BIDS_MINUTES } = closingMinute;

/**
 * The closing minute of an auction for its operators (docs/console.md): the snapshot the console
 * starts from and reloads after a reconnect, and the fundraising goal the projector rises towards.
 */
export default (async (app) => {
  documentRoutes(app, { tags: ['operator'] });

  app.get(
    '/api/admin/auctions/:id/closing-minute',
    {
      schema: {
        summary: 'Lots closing next and just closed, the bids of the last minutes, the fundraising goal',
        ...closingMinute.snapshot,
      },
    },
    async (request) => {
      const { auctionId } = await app.operatorAccess.managedAuction(request, 'auction', request.params.id);
      return app.closingMinute.snapshot(auctionId, new Date(), {
        lots: CLOSING_LOTS_LIMIT,
        bids: RECENT_BIDS_LIMIT,
        minutes: RECENT_BIDS_MINUTES,
      });
    },
  );

  app.put(
    '/api/admin/auctions/:id/fundraising-goal',
    {
      schema: {
        summary: "Sets (or with null removes) the auction's fundraising goal in cents",
        ...closingMinute.setGoal,
      },
    },
    async (request) => {
      const { auctionId } = await app.operatorAccess.managedAuction(request, 'auction', request.params.id);
      await app.closingMinute.setGoal(auctionId, request.body.goalCents);
      return { goalCents: request.body.goalCents };
    },
  );
}) satisfies FastifyPluginAsyncZod;
