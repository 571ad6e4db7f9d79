import fp from 'fastify-plugin';
import { type BidRemovalService, bidRemovalService } from '../../bidRemoval/bidRemovalService.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** A lot's standing bids and a removal's preview, read from the engine (docs/operator-api.md). */
    bidRemoval: BidRemovalService;
  }
}

export default fp(
  async (app) => {
    app.decorate('bidRemoval', bidRemovalService(app.db, app.lotCommands));
  },
  { name: 'bidRemoval', dependencies: ['infrastructure'] },
);
