import { cardsContract } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../../accounts/auth.ts';
import { HttpError } from '../../../errors.ts';

/**
 * Adding a card (spec 000 §7): a Stripe Checkout session in setup mode for the user's customer
 * under the payment configuration, created on first use. The web app redirects to its hosted
 * page; the card arrives by webhook (routes/api/payments/webhook.ts).
 */
const checkoutSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cardRepository: cards, stripe } = app;
  const publicOrigin = new URL(app.settings.publicUrl).origin;

  app.post(
    '/api/payments/stripeinformations/:id/session',
    {
      schema: {
        tags: ['cards'],
        summary: "A Stripe Checkout session (setup mode) to add a card; answers the hosted page's URL",
        ...cardsContract.checkoutSession,
      },
    },
    async (request) => {
      const account = accountOf(request);
      const { successUrl, cancelUrl } = request.body;
      // Checkout sends the browser back there: only to this product's pages.
      if (![successUrl, cancelUrl].every((url) => isOwnPage(url, publicOrigin))) {
        throw new HttpError(400, 'validation_failed', {
          messages: ['invalid_url'],
          errors: [{ field: 'successUrl', message: 'invalid_url' }],
        });
      }
      const information = await cards.stripeInformation(request.params.id);
      if (!information) throw new HttpError(404, 'stripe_information_not_found');
      const user = await cards.userEmailAndName(account.id);
      if (!user) throw new HttpError(401, 'invalid_token');
      const customer = await cards.paymentInformationFor(account.id, information.id, () =>
        stripe.createCustomer({
          email: user.username,
          name: `${user.first_name} ${user.last_name}`.trim(),
          userId: account.id,
          paymentInformationKey: `${account.id}-${information.id}`,
        }),
      );
      const session = await stripe.createSetupSession({
        customerId: customer.stripe_customer_id,
        successUrl,
        cancelUrl,
        metadata: { userId: account.id, paymentInformationId: String(customer.id) },
      });
      return { publishableKey: stripe.publishableKey, sessionId: session.id, url: session.url };
    },
  );
};

/** The product's own origin, or this machine (the web app's dev server). */
function isOwnPage(url: string, publicOrigin: string): boolean {
  const { origin, hostname } = new URL(url);
  return origin === publicOrigin || hostname === 'localhost' || hostname === '127.0.0.1';
}

export default checkoutSessionRoutes;
