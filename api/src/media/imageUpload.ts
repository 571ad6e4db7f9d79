import { idParams, lotPhotos } from '@auction/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors.ts';
import { MAX_PHOTO_BYTES, UPLOAD_CONTENT_TYPES } from './photoRules.ts';

const { PhotoRefusal } = lotPhotos;

/** Fastify's own refusals of a body, in the spec's message keys the console translates. */
const BODY_REFUSALS: Record<string, { status: 413 | 415; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: PhotoRefusal.TooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: PhotoRefusal.NotAnImage },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 415, message: PhotoRefusal.NotAnImage },
};

/**
 * What an image upload route of the plugin needs (docs/operator-api.md "Lot photos"): the body is
 * the image itself, one per request, read whole up to the limit and never parsed as anything else.
 * The image content types are taken as bytes in this plugin only.
 */
export function acceptImageBodies(app: FastifyInstance): void {
  app.addContentTypeParser(UPLOAD_CONTENT_TYPES, { parseAs: 'buffer', bodyLimit: MAX_PHOTO_BYTES }, (_r, body, done) =>
    done(null, body),
  );
}

/**
 * An upload route's options: the size limit, the caller's reach checked before the body is read
 * (what is out of reach answers 404 without taking 15 MB), and the body's refusals in message keys.
 */
export function imageUploadOptions(reach: (request: FastifyRequest, id: number) => Promise<unknown>) {
  return {
    bodyLimit: MAX_PHOTO_BYTES,
    async preParsing(request: FastifyRequest) {
      const params = idParams.safeParse(request.params);
      if (params.success) await reach(request, params.data.id);
    },
    errorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
      const refusal = error.code ? BODY_REFUSALS[error.code] : undefined;
      if (!refusal) throw error;
      return reply
        .code(refusal.status)
        .send({ statusCode: refusal.status, success: false, message: refusal.message, messages: [refusal.message] });
    },
  };
}

/** The uploaded bytes; an empty body is no image. */
export function imageBody(body: unknown): Buffer {
  if (!Buffer.isBuffer(body) || body.length === 0) {
    throw new HttpError(415, PhotoRefusal.NotAnImage, { messages: [PhotoRefusal.NotAnImage] });
  }
  return body;
}
