import fp from 'fastify-plugin';
import { type AuctionsRepository, auctionsRepository } from '../../auctions/auctionsRepository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The bidder side's auction reads, carousel, leaderboard banners and bidder rows. */
    auctionsRepository: AuctionsRepository;
  }
}

export default fp(
  async (app) => {
    app.decorate('auctionsRepository', auctionsRepository(app.db));
  },
  {
    name: 'auctions',
    dependencies: ['infrastructure'],
  },
);
