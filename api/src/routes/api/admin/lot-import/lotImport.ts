import { lotImportContract } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mayViewLotsOf } from '../../../../authorization/auctionVisibility.ts';
import { documentRoutes } from '../../../../routeDocs.ts';

/** A file of the most rows allowed, with long descriptions, in JSON. */
const IMPORT_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * Lots imported from a CSV file (issue 19 §4): the preview lists every row's problems and creates
 * nothing; the import creates the new lots through the lot creation of `POST
 * /api/admin/auctions/{id}/lots`, or nothing at all while a row has a problem. A change made
 * meanwhile that stops it partway (a team removed) answers that row's refusal with what was
 * created before it.
 */
export default (async (app) => {
  documentRoutes(app, { tags: ['operator'] });

  app.post(
    '/api/admin/auctions/:id/lot-import/preview',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        summary: "A CSV file's lots checked, every row's problems listed; nothing created",
        ...lotImportContract.preview,
      },
    },
    async (request) => {
      const auction = await app.operatorAccess.managedAuction(request, 'auction', request.params.id);
      return app.lotImport.preview(auction, request.body.csv);
    },
  );

  app.post(
    '/api/admin/auctions/:id/lot-import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        summary: "Creates a CSV file's lots, each opened in the engine; importing the same lots again creates nothing",
        ...lotImportContract.import,
      },
    },
    async (request) => {
      const auction = await app.operatorAccess.managedAuction(request, 'auction', request.params.id);
      // Called also when the import stops partway, so no lot it created stays unknown to live clients;
      // an auction in Planning has no catalogue for them yet (spec 001 §4).
      return app.lotImport.run(auction, request.body.csv, async (createdLotIds) => {
        if (!mayViewLotsOf({ status: auction.auctionStatus }, false)) return;
        for (const lotId of createdLotIds) {
          const lot = await app.operatorLotRepository.find(lotId);
          if (lot)
            await app.operatorPublisher.publish(auction.auctionId, 'AuctionLotItemCreated', { auctionLotItemDto: lot });
        }
      });
    },
  );
}) satisfies FastifyPluginAsyncZod;
