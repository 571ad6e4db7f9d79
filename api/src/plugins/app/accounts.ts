import fp from 'fastify-plugin';
import type { AccountContext } from '../../accounts/accountContext.ts';
import { accountLinks } from '../../accounts/accountLinks.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the account routes share: the database, the message queue and the links messages carry. */
    accounts: AccountContext;
  }
}

export default fp(
  async (app) => {
    app.decorate('accounts', { db: app.db, messages: app.messageQueue, links: accountLinks(app.settings.publicUrl) });
  },
  { name: 'accounts', dependencies: ['infrastructure'] },
);
