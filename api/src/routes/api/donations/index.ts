import type { FastifyPluginAsync } from 'fastify';
import { creditCardFeeRoutes } from '../../creditCardFees.ts';
import { donationRoutes } from '../../donations.ts';

export default (async (app) => {
  await app.register(donationRoutes, { prefix: '/api', db: app.db, eventStore: app.eventStore });
  await app.register(creditCardFeeRoutes, { prefix: '/api', db: app.db });
}) satisfies FastifyPluginAsync;
