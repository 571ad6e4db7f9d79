import type { FastifyPluginAsync } from 'fastify';
import { metricsRoutes } from '../metrics.ts';

export default (async (app) => {
  const token = app.settings.metricsToken;
  await app.register(metricsRoutes, token ? { token } : {});
}) satisfies FastifyPluginAsync;
