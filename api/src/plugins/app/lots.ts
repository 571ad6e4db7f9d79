import { type LotsRepository, lotsRepository } from '../../lots/lotsRepository.ts';
import { servicePlugin } from '../servicePlugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Lot reads (the table, one lot, bids, max bids) and the favourites. */
    lotsRepository: LotsRepository;
  }
}

export default servicePlugin('lotsRepository', (app) => lotsRepository(app.db, app.pool), { name: 'lots' });
