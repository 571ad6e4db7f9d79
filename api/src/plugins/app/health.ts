import fp from 'fastify-plugin';
import { type HealthCheck, healthCheck } from '../../health/healthCheck.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether PostgreSQL and Redis answer. */
    health: HealthCheck;
  }
}

export default fp(
  async (app) => {
    app.decorate('health', healthCheck(app.db, app.redis));
  },
  { name: 'health', dependencies: ['infrastructure'] },
);
