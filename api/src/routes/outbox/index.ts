import type { FastifyPluginAsync } from 'fastify';
import { outboxRoutes } from '../outbox.ts';

/** The local catchers' outbox, only under `npm start` without real providers (LOCAL_OUTBOX). */
export default (async (app) => {
  if (!app.settings.localOutbox) return;
  await app.register(outboxRoutes, { db: app.db, trustProxy: app.settings.trustProxy });
}) satisfies FastifyPluginAsync;
