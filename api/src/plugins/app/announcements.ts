import { accountLinks } from '@auction/platform';
import { type Announcements, announcements } from '../../announcements/announcements.ts';
import { servicePlugin } from '../servicePlugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Organisers' messages to an auction's guests by email, SMS and push, at once or later (docs/messages.md). */
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
      scheduler: app.auctionScheduler,
    }),
  { name: 'announcements', dependencies: ['infrastructure', 'operator'] },
);
