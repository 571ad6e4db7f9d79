import { type DonationsService, donationsService } from '../../donations/donationsService.ts';
import { servicePlugin } from '../servicePlugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The donation decider's command handler and the donation reads. */
    donations: DonationsService;
  }
}

export default servicePlugin('donations', (app) => donationsService(app.db, app.eventStore), { name: 'donations' });
