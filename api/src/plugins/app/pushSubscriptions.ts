import { type PushSubscriptions, pushSubscriptions } from '../../push/pushSubscriptions.ts';
import { servicePlugin } from '../servicePlugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Users' Web Push subscriptions and switches. */
    pushSubscriptions: PushSubscriptions;
  }
}

export default servicePlugin('pushSubscriptions', (app) => pushSubscriptions(app.db), { name: 'push-subscriptions' });
