import { biddersContract } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The auction's bidders for its operators (issue 19 §5, docs/console.md), a page at a time,
 * filtered, sorted and counted in PostgreSQL: status, STOP and arrival. Locking, the temporary
 * password and the SMS invitation are the calls that exist (`PUT
 * /api/auctions/{id}/bidders/{userId}/status`, `POST /api/account/temporary-password`,
 * `POST /api/onboarding/invite-via-client-app`).
 */
export default (async (app) => {
  app.get(
    '/api/admin/auctions/:id/bidders',
    {
      schema: {
        tags: ['operator'],
        summary: "An auction's bidders with their status and arrival",
        ...biddersContract.list,
      },
    },
    async (request) => {
      await app.operatorAccess.managedAuction(request, 'auction', request.params.id);
      return app.guests.page(request.params.id, request.query);
    },
  );
}) satisfies FastifyPluginAsyncZod;
