import { cardsContract } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../../errors.ts';
import { applyStripeEvent } from '../../../payments/stripeWebhook.ts';

/**
 * Stripe's webhook (docs/payments.md). The signature covers the bytes Stripe sent, so this
 * plugin (and only it) keeps JSON bodies as the raw buffer; the SDK verifies the Stripe-Signature
 * header against the endpoint's secret and parses the event. No session: the signature is the
 * authentication. Each event is applied once (by its id) and by the objects' current state.
 */
const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/payments/stripe-webhook',
    {
      schema: {
        tags: ['payments'],
        summary: "Stripe's events, signed (Stripe-Signature): cards attached, detached, declined; invoice charges",
        ...cardsContract.stripeWebhook,
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      if (!app.stripe.configured) throw new HttpError(503, 'payment_provider_unavailable');
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        throw new HttpError(400, 'invalid_signature');
      }
      let event: ReturnType<typeof app.stripe.constructEvent>;
      try {
        event = app.stripe.constructEvent(request.body, signature);
      } catch {
        throw new HttpError(400, 'invalid_signature');
      }
      const outcome = await applyStripeEvent(event, {
        cards: app.cardRepository,
        stripe: app.stripe,
        invoicePayments: app.invoicePayments,
        refunds: app.invoiceRefunds,
      });
      request.log.info({ stripeEvent: event.id, type: event.type, outcome }, 'stripe webhook');
      return { received: true as const, outcome };
    },
  );
};

export default stripeWebhookRoutes;
