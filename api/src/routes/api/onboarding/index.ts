import type { FastifyPluginAsync } from 'fastify';
import { onboardingRoutes } from '../../onboarding.ts';

export default (async (app) => {
  await app.register(onboardingRoutes, { prefix: '/api', ...app.accounts });
}) satisfies FastifyPluginAsync;
