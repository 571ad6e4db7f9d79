import { idParams, lotPhotos } from '@auction/contract';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_PHOTO_BYTES, UPLOAD_CONTENT_TYPES } from '../../../../media/photoRules.ts';

const { PhotoRefusal } = lotPhotos;

/** Fastify's own refusals of a body, in the spec's message keys the console translates. */
const BODY_REFUSALS: Record<string, { status: 413 | 415; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: PhotoRefusal.TooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: PhotoRefusal.NotAnImage },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 415, message: PhotoRefusal.NotAnImage },
};

/**
 * Uploading a lot's photo (docs/operator-api.md "Lot photos"): the body is the image itself, one per
 * request, read whole up to the limit and never parsed as anything else.
 */
export default (async (app) => {
  app.addContentTypeParser(UPLOAD_CONTENT_TYPES, { parseAs: 'buffer', bodyLimit: MAX_PHOTO_BYTES }, (_r, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/admin/lots/:id/photos',
    {
      schema: {
        tags: ['operator'],
        summary: "Resizes an image into the large and medium sizes and appends it to the lot's photos",
        params: idParams,
        response: lotPhotos.uploadAnswers,
      },
      bodyLimit: MAX_PHOTO_BYTES,
      // Before the body is read: a lot out of the caller's reach answers 404 without taking 15 MB.
      async preParsing(request) {
        const params = idParams.safeParse(request.params);
        if (params.success) await app.operatorAccess.managedAuction(request, 'lot', params.data.id);
      },
      errorHandler(error: FastifyError, _request, reply) {
        const refusal = error.code ? BODY_REFUSALS[error.code] : undefined;
        if (!refusal) throw error;
        return reply
          .code(refusal.status)
          .send({ statusCode: refusal.status, success: false, message: refusal.message, messages: [refusal.message] });
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        return reply.code(415).send({
          statusCode: 415,
          success: false,
          message: PhotoRefusal.NotAnImage,
          messages: [PhotoRefusal.NotAnImage],
        });
      }
      return reply.code(201).send(await app.lotPhotos.add(request.params.id, body));
    },
  );
}) satisfies FastifyPluginAsyncZod;
