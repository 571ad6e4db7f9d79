import { announcementsContract } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../../errors.ts';
import { documentRoutes } from '../../../routeDocs.ts';

/**
 * The organisers' messages to all of an auction's guests, as its pages show them (docs/messages.md
 * "Announcements to guests"): to anyone who may see the auction, as the hub already told them.
 */
export default (async (app) => {
  documentRoutes(app, { tags: ['auctions'] });

  app.get(
    '/api/auctions/announcements',
    {
      preHandler: app.identify,
      schema: {
        summary: "The organisers' recent messages to all the auction's guests, newest first",
        ...announcementsContract.published,
      },
    },
    async (request) => {
      const ref = await app.auctionsRepository.findRef(request.query.urlMagicLink);
      if (!ref) throw new HttpError(404, 'auction_not_found');
      const auction = await app.authorization.visibleAuction(ref, request.account?.id ?? null, { hideArchived: true });
      return app.announcements.published(auction.id);
    },
  );
}) satisfies FastifyPluginAsyncZod;
