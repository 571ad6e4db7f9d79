import { type BidRemovalService, bidRemovalService } from '../../bidRemoval/bidRemovalService.ts';
import { servicePlugin } from '../servicePlugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** A lot's standing bids and a removal's preview, read from the engine (docs/operator-api.md). */
    bidRemoval: BidRemovalService;
  }
}

export default servicePlugin('bidRemoval', (app) => bidRemovalService(app.db, app.lotCommands), { name: 'bidRemoval' });
