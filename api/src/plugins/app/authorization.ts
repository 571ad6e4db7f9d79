import fp from 'fastify-plugin';
import { type Authorization, authorizationService } from '../../authorization/authorizationService.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who may see an auction and who may act on what an organisation owns. */
    authorization: Authorization;
  }
}

export default fp(
  async (app) => {
    app.decorate('authorization', authorizationService(app.db));
  },
  {
    name: 'authorization',
    dependencies: ['infrastructure'],
  },
);
