import { cardsContract } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../../accounts/auth.ts';
import type { BrandHosts } from '../../../brands/brands.ts';
import { HttpError } from '../../../errors.ts';
import { MissingCustomerError } from '../../../payments/missingCustomer.ts';

const RETURN_FIELDS = ['successUrl', 'cancelUrl'] as const;

/**
 * Adding a card (spec 000 §7): a Stripe Checkout session in setup mode for the user's customer
 * under the payment configuration, created on first use and replaced when Stripe no longer has it
 * (payments/missingCustomer.ts). The web app redirects to its hosted page; the card arrives by
 * webhook (routes/api/payments/webhook.ts).
 */
const checkoutSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cardRepository: cards, stripe } = app;
  const pages = ownPages(app.settings.publicUrl, app.settings.brandHosts);

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
      // Checkout sends the browser back there: only to this product's pages, or a page elsewhere
      // would receive the user fresh from Stripe, looking like the product. The refusal is the
      // schema's for a malformed address (the same key, each bad field named by its path in the
      // request) so the client handles both alike.
      const refused = RETURN_FIELDS.filter((field) => !isOwnPage(request.body[field], pages));
      if (refused.length > 0) {
        throw new HttpError(400, 'validation_failed', {
          messages: ['valid_url'],
          errors: refused.map((field) => ({ field: `body.${field}`, message: 'valid_url' })),
        });
      }
      const information = await cards.stripeInformation(request.params.id);
      if (!information) throw new HttpError(404, 'stripe_information_not_found');
      const user = await cards.userEmailAndName(account.id);
      if (!user) throw new HttpError(401, 'invalid_token');
      const newCustomer = (replacing?: string) => () =>
        stripe.createCustomer({
          email: user.username,
          name: `${user.first_name} ${user.last_name}`.trim(),
          userId: account.id,
          paymentInformationKey: `${account.id}-${information.id}`,
          ...(replacing ? { replacing } : {}),
        });
      const customer = await cards.paymentInformationFor(account.id, information.id, newCustomer());
      const sessionFor = (customerId: string) =>
        stripe.createSetupSession({
          customerId,
          successUrl,
          cancelUrl,
          metadata: { userId: account.id, paymentInformationId: String(customer.id) },
        });
      const session = await sessionFor(customer.stripe_customer_id).catch(async (error: unknown) => {
        // Stripe no longer has the stored customer (deleted in the Dashboard, or the keys went from
        // test to live): without a new one the bidder could never add a card again. Once: a new
        // customer missing as well answers card_does_not_exist.
        if (!(error instanceof MissingCustomerError)) throw error;
        const replaced = await cards.replaceCustomer(customer.id, error.customerId, newCustomer(error.customerId));
        return sessionFor(replaced.stripe_customer_id);
      });
      return { publishableKey: stripe.publishableKey, sessionId: session.id, url: session.url };
    },
  );
};

/** The browser's own machine, by name or address. */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

interface OwnPages {
  /** PUBLIC_URL's origin, and each brand's host (BRAND_HOSTS) under its scheme and port. */
  origins: ReadonlySet<string>;
  /**
   * Whether any page of this machine is the product's: only when the product says it runs here,
   * PUBLIC_URL on this machine or a brand served from it (the default table, `localhost=1,
   * 127.0.0.1=2`: development, `npm start`, the browser tests), where the web app may be served
   * on a port of its own. A deployment names its own hosts, and would otherwise send its users to
   * whatever listens on their own computer.
   */
  anyLoopback: boolean;
}

function ownPages(publicUrl: string, brandHosts: BrandHosts): OwnPages {
  const publicOrigin = new URL(publicUrl);
  const origins = new Set([publicOrigin.origin]);
  const port = publicOrigin.port ? `:${publicOrigin.port}` : '';
  let servedHere = isLoopback(publicOrigin.hostname);
  for (const host of brandHosts.keys()) {
    const origin = originOf(`${publicOrigin.protocol}//${host.includes(':') ? `[${host}]` : host}${port}`);
    if (!origin) continue;
    if (isLoopback(new URL(origin).hostname)) servedHere = true;
    else origins.add(origin);
  }
  return { origins, anyLoopback: servedHere };
}

function originOf(address: string): string | null {
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
}

function isOwnPage(address: string, pages: OwnPages): boolean {
  const origin = originOf(address);
  if (origin === null) return false;
  return pages.origins.has(origin) || (pages.anyLoopback && isLoopback(new URL(origin).hostname));
}

export default checkoutSessionRoutes;
