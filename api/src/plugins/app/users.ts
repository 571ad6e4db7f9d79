import { type UserRepository, userRepository } from '../../accounts/userRepository.ts';
import { servicePlugin } from '../servicePlugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts: lookups, registration, password and username changes, the profile answer. */
    users: UserRepository;
  }
}

export default servicePlugin('users', (app) => userRepository(app.db), { name: 'users' });
