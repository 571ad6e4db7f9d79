import { brandAnswer } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The brand of the host the page was served from (spec 000 §1): the web app reads it once at start.
 * The host is the request's (behind a trusted proxy, the forwarded one); a host not in BRAND_HOSTS
 * answers the default brand, so a made-up Host header only changes the caller's own view.
 */
export default (async (app) => {
  app.get(
    '/api/brand',
    {
      schema: {
        tags: ['brand'],
        summary: 'The white-label brand of this host: product name, contact details, analytics property',
        response: { 200: brandAnswer },
      },
    },
    async (request, reply) => {
      // Caches and CDNs must keep one answer per host.
      reply.header('Vary', 'Host, X-Forwarded-Host');
      return app.brands.forHost(request.hostname);
    },
  );
}) satisfies FastifyPluginAsyncZod;
