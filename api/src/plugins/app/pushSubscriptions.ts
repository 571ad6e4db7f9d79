import fp from 'fastify-plugin';
import { type PushSubscriptions, pushSubscriptions } from '../../push/pushSubscriptions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Users' Web Push subscriptions and switches. */
    pushSubscriptions: PushSubscriptions;
  }
}

export default fp(
  async (app) => {
    app.decorate('pushSubscriptions', pushSubscriptions(app.db));
  },
  { name: 'push-subscriptions', dependencies: ['infrastructure'] },
);
