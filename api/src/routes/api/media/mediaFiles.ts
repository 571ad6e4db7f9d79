import { lotPhotos } from '@auction/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../../errors.ts';

/**
 * The uploaded lot and banner photos, public like the pages that show them. A name is a random id,
 * never reused, so a browser may keep the file for a year.
 */
export default (async (app) => {
  async function serve(name: string, reply: FastifyReply) {
    const file = await app.lotPhotos.store.get(name);
    if (!file) throw new HttpError(404, 'item_not_found');
    return reply
      .header('content-type', 'image/webp')
      .header('content-length', file.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file.stream);
  }

  app.get(
    '/api/media/lot-photos/:name',
    {
      schema: {
        tags: ['lots'],
        summary: 'An uploaded lot photo (WebP) in its large or medium size',
        params: lotPhotos.mediaParams,
        response: lotPhotos.mediaAnswers,
        produces: ['image/webp', 'application/json'],
      },
    },
    (request, reply) => serve(request.params.name, reply),
  );

  app.get(
    '/api/media/banners/:name',
    {
      schema: {
        tags: ['auctions'],
        summary: "An uploaded banner photo (WebP) at the header's width",
        params: lotPhotos.bannerMediaParams,
        response: lotPhotos.mediaAnswers,
        produces: ['image/webp', 'application/json'],
      },
    },
    (request, reply) => serve(request.params.name, reply),
  );
}) satisfies FastifyPluginAsyncZod;
