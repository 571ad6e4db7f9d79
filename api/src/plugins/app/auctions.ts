import { type AuctionsRepository, auctionsRepository } from '../../auctions/auctionsRepository.ts';
import { servicePlugin } from '../servicePlugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The bidder side's auction reads, carousel, leaderboard banners and bidder rows. */
    auctionsRepository: AuctionsRepository;
  }
}

export default servicePlugin('auctionsRepository', (app) => auctionsRepository(app.db), { name: 'auctions' });
