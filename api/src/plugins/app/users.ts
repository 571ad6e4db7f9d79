import fp from 'fastify-plugin';
import { type UserRepository, userRepository } from '../../accounts/userRepository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts: lookups, registration, password and username changes, the profile answer. */
    users: UserRepository;
  }
}

export default fp(
  async (app) => {
    app.decorate('users', userRepository(app.db));
  },
  { name: 'users', dependencies: ['infrastructure'] },
);
