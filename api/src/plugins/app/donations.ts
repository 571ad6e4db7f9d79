import fp from 'fastify-plugin';
import { type DonationsService, donationsService } from '../../donations/donationsService.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The donation decider's command handler and the donation reads. */
    donations: DonationsService;
  }
}

export default fp(
  async (app) => {
    app.decorate('donations', donationsService(app.db, app.eventStore));
  },
  { name: 'donations', dependencies: ['infrastructure'] },
);
