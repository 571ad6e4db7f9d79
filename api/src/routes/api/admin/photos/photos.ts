import { idParams, noContent, operator } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderRoute } from '../../../../operator/orderRoute.ts';
import { documentRoutes } from '../../../../routeDocs.ts';
import { someField } from '../../../../validation.ts';

const { photoFields, photoRef, operatorErrors } = operator;

/**
 * An auction's banner photos and videos (issue 5 §4), given by address (a CDN, the organisation's
 * site, or an image uploaded through `bannerUploads.ts`, which adds its row itself).
 */
export default (async (app) => {
  documentRoutes(app, { tags: ['operator'] });
  const parts = app.auctionPartRepository;

  app.post(
    '/api/admin/auctions/:id/photos',
    {
      schema: {
        summary: 'Adds a banner photo or video',
        params: idParams,
        body: photoFields,
        response: { 201: photoRef, ...operatorErrors(404, 409) },
      },
    },
    async (request, reply) => {
      const { auctionId } = await app.operatorAccess.managedAuction(request, 'auction', request.params.id);
      return reply.code(201).send(await parts.addPhoto(auctionId, request.body));
    },
  );

  app.patch(
    '/api/admin/auction-photos/:id',
    {
      schema: {
        summary: 'Edits a banner photo',
        params: idParams,
        body: someField(photoFields.partial()),
        response: { 200: photoRef, ...operatorErrors(404) },
      },
    },
    async (request) => {
      await app.operatorAccess.managedAuction(request, 'photo', request.params.id);
      await parts.editPhoto(request.params.id, request.body);
      return { id: request.params.id };
    },
  );

  app.delete(
    '/api/admin/auction-photos/:id',
    {
      schema: {
        summary: 'Removes a banner photo',
        params: idParams,
        response: { 204: noContent, ...operatorErrors(404) },
      },
    },
    async (request, reply) => {
      await app.operatorAccess.managedAuction(request, 'photo', request.params.id);
      await parts.removePhoto(request.params.id);
      return reply.code(204).send(null);
    },
  );

  orderRoute(app, { table: 'auction_photos', path: 'photos', what: 'banner photos and videos' });
}) satisfies FastifyPluginAsyncZod;
