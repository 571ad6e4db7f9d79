import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Db } from '@auction/platform';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { registerErrorHandler } from './errors.ts';
import { auctionRoutes } from './routes/auctions.ts';
import { healthRoutes } from './routes/health.ts';

export interface AppDeps {
  db: Db;
  redis: Redis;
  logLevel?: string;
  /** Folder with the built web app; served at / with an SPA fallback when it exists. */
  webDist?: string;
}

export const defaultWebDist = resolve(import.meta.dirname, '../../web/dist');

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: deps.logLevel ?? 'info', redact: ['req.headers.authorization', 'req.headers.cookie'] },
  });
  registerErrorHandler(app);
  await app.register(healthRoutes, { prefix: '/api', db: deps.db, redis: deps.redis });
  await app.register(auctionRoutes, { prefix: '/api', db: deps.db });
  await registerWeb(app, deps.webDist ?? defaultWebDist);
  return app;
}

async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  if (!existsSync(resolve(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'web app not built: only the API is served');
    return;
  }
  await app.register(fastifyStatic, { root: webDist, wildcard: false, index: ['index.html'] });
  // Client-side routes (/encans/..., /en/...) are pages of the single-page app; unknown /api paths stay 404 JSON.
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api')) return reply.sendFile('index.html');
    return reply.code(404).send({ message: 'not_found', statusCode: 404 });
  });
}
