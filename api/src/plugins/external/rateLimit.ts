import fastifyRateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

/** Counters on Redis, shared by every API process; routes opt in (accounts/rateLimits.ts says which). */
export default fp(
  async (app) =>
    app.register(fastifyRateLimit, {
      global: false,
      redis: app.redis,
      nameSpace: `${app.settings.rateLimitNamespace}:rate-limit:`,
      // After parsing, so limits can key on the account or number being tried.
      hook: 'preHandler',
    }),
  { name: 'rate-limit', dependencies: ['infrastructure'] },
);
