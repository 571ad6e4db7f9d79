import type { FastifyPluginAsync } from 'fastify';
import { smsInboundRoutes } from '../../smsInbound.ts';

export default (async (app) => {
  const { twilioAuthToken, publicUrl } = app.settings;
  await app.register(smsInboundRoutes, { db: app.db, ...(twilioAuthToken ? { twilioAuthToken } : {}), publicUrl });
}) satisfies FastifyPluginAsync;
