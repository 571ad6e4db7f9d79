import fp from 'fastify-plugin';
import { type GuestRepository, guestRepository } from '../../checkIn/guestRepository.ts';
import { type WalkIns, walkIns } from '../../checkIn/walkIns.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** An auction's bidders: the operators' list and the door's check-in (docs/console.md). */
    guests: GuestRepository;
    /** Guests registered at the door: found, created with a temporary password, or invited by SMS. */
    walkIns: WalkIns;
  }
}

export default fp(
  async (app) => {
    const guests = guestRepository(app.db);
    app.decorate('guests', guests);
    app.decorate(
      'walkIns',
      walkIns({
        guests,
        users: app.users,
        invitations: app.invitations,
        authorization: app.authorization,
        accounts: app.accounts,
      }),
    );
  },
  { name: 'check-in', dependencies: ['infrastructure', 'users', 'invitations', 'authorization', 'accounts'] },
);
