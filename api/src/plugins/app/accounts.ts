import { accountLinks } from '@auction/platform';
import type { AccountContext } from '../../accounts/accountContext.ts';
import { servicePlugin } from '../servicePlugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the account routes share: the database, the message queue and the links messages carry. */
    accounts: AccountContext;
  }
}

export default servicePlugin(
  'accounts',
  (app) => ({ db: app.db, messages: app.messageQueue, links: accountLinks(app.settings.publicUrl) }),
  { name: 'accounts' },
);
