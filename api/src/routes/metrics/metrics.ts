import { errorAnswers } from '@auction/contract';
import { METRICS_CONTENT_TYPE, mayReadMetrics, renderMetrics } from '@auction/platform/metrics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../errors.ts';

/**
 * GET /metrics in Prometheus' text format (platform/src/metrics), for the operators' scraper: this
 * machine may read it, a scraper on another one with METRICS_TOKEN.
 */
export default (async (app) => {
  const token = app.settings.metricsToken;
  app.get(
    '/metrics',
    { schema: { hide: true, response: { 200: z.string(), ...errorAnswers(403) } } },
    async (request, reply) => {
      const allowed = mayReadMetrics(
        {
          // The socket's peer, whatever TRUST_PROXY makes of X-Forwarded-For.
          socketAddress: request.raw.socket.remoteAddress,
          forwarded: request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined,
          authorization: request.headers.authorization,
        },
        token,
      );
      if (!allowed) throw new HttpError(403, 'forbidden');
      return reply.type(METRICS_CONTENT_TYPE).send(await renderMetrics());
    },
  );
}) satisfies FastifyPluginAsyncZod;
