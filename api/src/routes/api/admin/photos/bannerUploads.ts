import { idParams, lotPhotos } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptImageBodies, imageBody, imageUploadOptions } from '../../../../media/imageUpload.ts';

/**
 * Uploading an auction's banner photo: the image itself as the body, as for a lot's photo, resized
 * to the header's width and appended after the auction's banners. Its flags are then edited like
 * any banner's (`PATCH /api/admin/auction-photos/{id}`).
 */
export default (async (app) => {
  acceptImageBodies(app);

  app.post(
    '/api/admin/auctions/:id/photos/upload',
    {
      schema: {
        tags: ['operator'],
        summary: "Resizes an image to the header's width and appends it to the auction's banner photos",
        params: idParams,
        response: lotPhotos.bannerUploadAnswers,
      },
      ...imageUploadOptions((request, id) => app.operatorAccess.managedAuction(request, 'auction', id)),
    },
    // The caller's reach was checked before the body was read (imageUploadOptions' preParsing).
    async (request, reply) =>
      reply.code(201).send(await app.bannerPhotos.add(request.params.id, imageBody(request.body))),
  );
}) satisfies FastifyPluginAsyncZod;
