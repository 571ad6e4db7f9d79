import { type StripeGateway, stripeGateway } from '../../payments/stripeGateway.ts';
import { servicePlugin } from '../servicePlugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every Stripe call the product makes (Stripe itself, or the local Stripe double). */
    stripe: StripeGateway;
  }
}

export default servicePlugin('stripe', (app) => stripeGateway(app.settings.stripe), { name: 'stripe' });
