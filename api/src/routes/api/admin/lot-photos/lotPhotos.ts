import { idParams, lotPhotos } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptImageBodies, imageBody, imageUploadOptions } from '../../../../media/imageUpload.ts';

/**
 * Uploading a lot's photo (docs/operator-api.md "Lot photos"): the body is the image itself, one per
 * request, read whole up to the limit and never parsed as anything else.
 */
export default (async (app) => {
  acceptImageBodies(app);

  app.post(
    '/api/admin/lots/:id/photos',
    {
      schema: {
        tags: ['operator'],
        summary: "Resizes an image into the large and medium sizes and appends it to the lot's photos",
        params: idParams,
        response: lotPhotos.uploadAnswers,
      },
      ...imageUploadOptions((request, id) => app.operatorAccess.managedAuction(request, 'lot', id)),
    },
    async (request, reply) => reply.code(201).send(await app.lotPhotos.add(request.params.id, imageBody(request.body))),
  );
}) satisfies FastifyPluginAsyncZod;
