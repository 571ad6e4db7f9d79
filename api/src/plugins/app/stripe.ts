import fp from 'fastify-plugin';
import { type StripeGateway, stripeGateway } from '../../payments/stripeGateway.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every Stripe call the product makes (Stripe itself, or the local Stripe double). */
    stripe: StripeGateway;
  }
}

export default fp(
  async (app) => {
    app.decorate('stripe', stripeGateway(app.settings.stripe));
  },
  { name: 'stripe', dependencies: ['infrastructure'] },
);
