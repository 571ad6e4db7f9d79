import fp from 'fastify-plugin';
import { type LotsRepository, lotsRepository } from '../../lots/lotsRepository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Lot reads (the table, one lot, bids, max bids) and the favourites. */
    lotsRepository: LotsRepository;
  }
}

export default fp(
  async (app) => {
    app.decorate('lotsRepository', lotsRepository(app.db, app.pool));
  },
  {
    name: 'lots',
    dependencies: ['infrastructure'],
  },
);
