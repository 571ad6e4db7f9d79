import fp from 'fastify-plugin';
import { type InvitationRepository, invitationRepository } from '../../accounts/invitationRepository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Onboarding invitations: the on-board links texted to people. */
    invitations: InvitationRepository;
  }
}

export default fp(
  async (app) => {
    app.decorate('invitations', invitationRepository(app.db));
  },
  { name: 'invitations', dependencies: ['infrastructure'] },
);
