import { type InvitationRepository, invitationRepository } from '../../accounts/invitationRepository.ts';
import { servicePlugin } from '../servicePlugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Onboarding invitations: the on-board links texted to people. */
    invitations: InvitationRepository;
  }
}

export default servicePlugin('invitations', (app) => invitationRepository(app.db), { name: 'invitations' });
