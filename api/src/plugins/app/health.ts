import { type HealthCheck, healthCheck } from '../../health/healthCheck.ts';
import { servicePlugin } from '../servicePlugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether PostgreSQL and Redis answer. */
    health: HealthCheck;
  }
}

export default servicePlugin('health', (app) => healthCheck(app.db, app.redis), { name: 'health' });
