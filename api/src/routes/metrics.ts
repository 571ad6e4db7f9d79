import { METRICS_CONTENT_TYPE, mayReadMetrics, renderMetrics } from '@auction/platform/metrics';
import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../errors.ts';

export interface MetricsRouteOptions {
  /** METRICS_TOKEN: lets a scraper on another machine in; without it only this machine may read. */
  token?: string;
}

/** GET /metrics in Prometheus' text format (platform/src/metrics), for the operators' scraper. */
export const metricsRoutes: FastifyPluginAsync<MetricsRouteOptions> = async (app, { token }) => {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
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
  });
};
