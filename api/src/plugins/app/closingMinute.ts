import { type ClosingMinuteRepository, closingMinuteRepository } from '../../closingMinute/closingMinuteRepository.ts';
import { servicePlugin } from '../servicePlugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The closing minute's and the projector's reads, and the auction's fundraising goal (docs/console.md). */
    closingMinute: ClosingMinuteRepository;
  }
}

export default servicePlugin('closingMinute', (app) => closingMinuteRepository(app.db), { name: 'closing-minute' });
