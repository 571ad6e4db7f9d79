import fp from 'fastify-plugin';
import { type CardRepository, cardRepository } from '../../payments/cardRepository.ts';
import { type CardsOnFile, cardsOnFile } from '../../payments/cardsOnFile.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Cards on file in PostgreSQL: Stripe customers, cards, the card selected per auction, applied webhook events. */
    cardRepository: CardRepository;
    /** The card calls' rules: selection and auto-selection, deleting, replacing. */
    cardsOnFile: CardsOnFile;
  }
}

export default fp(
  async (app) => {
    const cards = cardRepository(app.db);
    app.decorate('cardRepository', cards);
    app.decorate('cardsOnFile', cardsOnFile({ cards, stripe: app.stripe, authorization: app.authorization }));
  },
  { name: 'cards', dependencies: ['infrastructure', 'authorization', 'stripe'] },
);
