import { accountLinks } from '../../accounts/accountLinks.ts';
import { type Announcements, announcements } from '../../announcements/announcements.ts';
import { servicePlugin } from '../servicePlugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Organisers' messages to an auction's guests by email, SMS and push (docs/messages.md). */
    announcements: Announcements;
  }
}

export default servicePlugin(
  'announcements',
  (app) =>
    announcements({
      db: app.db,
      messages: app.messageQueue,
      links: accountLinks(app.settings.publicUrl),
      hub: app.operatorPublisher,
    }),
  { name: 'announcements', dependencies: ['infrastructure', 'operator'] },
);
