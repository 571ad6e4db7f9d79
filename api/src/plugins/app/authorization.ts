import { type Authorization, authorizationService } from '../../authorization/authorizationService.ts';
import { servicePlugin } from '../servicePlugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who may see an auction and who may act on what an organisation owns. */
    authorization: Authorization;
  }
}

export default servicePlugin('authorization', (app) => authorizationService(app.db), { name: 'authorization' });
