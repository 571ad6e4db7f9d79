import fp from 'fastify-plugin';
import { type ClosingMinuteRepository, closingMinuteRepository } from '../../closingMinute/closingMinuteRepository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The closing minute's and the projector's reads, and the auction's fundraising goal (docs/console.md). */
    closingMinute: ClosingMinuteRepository;
  }
}

export default fp(
  async (app) => {
    app.decorate('closingMinute', closingMinuteRepository(app.db));
  },
  { name: 'closing-minute', dependencies: ['infrastructure'] },
);
