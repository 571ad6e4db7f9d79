import Stripe from 'stripe';
import { HttpError } from '../errors.ts';
import { customerCreationKey, isMissingCustomer, MissingCustomerError } from './missingCustomer.ts';

/**
 * Where the API finds Stripe: with a real test key, Stripe itself; without one, the local Stripe
 * double (STRIPE_API_URL) with its key and signing secret. The same code either way: only the
 * SDK's host, port and protocol change.
 */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** What the web app needs to open Checkout (the session answer carries it). */
  publishableKey: string;
  /** Base URL of a Stripe-compatible API (the double); absent: api.stripe.com. */
  apiUrl?: string;
}

export type Card = Stripe.PaymentMethod;

/**
 * Every Stripe call the product makes, in one place, so the routes and the webhook speak of
 * customers, cards and charges and never of HTTP. Stripe's own refusals (a card declined, an
 * idempotency key reused) are HttpErrors with the spec's keys; Stripe being unreachable is 503.
 */
export interface StripeGateway {
  readonly configured: boolean;
  readonly publishableKey: string;
  createCustomer(input: {
    email: string;
    name: string;
    userId: string;
    paymentInformationKey: string;
    /** The customer Stripe no longer has that this one replaces (missingCustomer.ts). */
    replacing?: string;
  }): Promise<string>;
  /**
   * A Checkout session in setup mode: the hosted page collects a card for later charges. A customer
   * Stripe does not have is a MissingCustomerError (still 400 `card_does_not_exist`).
   */
  createSetupSession(input: {
    customerId: string;
    successUrl: string;
    cancelUrl: string;
    metadata: Record<string, string>;
  }): Promise<{ id: string; url: string }>;
  /** The payment method as Stripe holds it now; null when Stripe does not know it. */
  retrievePaymentMethod(id: string): Promise<Card | null>;
  retrieveSetupIntent(id: string): Promise<Stripe.SetupIntent | null>;
  /** Takes the card off its customer; a card already detached is not an error. */
  detachPaymentMethod(id: string): Promise<void>;
  /** A charge, confirmed at once, off session; the key makes a retry the same charge (Stripe's idempotency). */
  createPaymentIntent(
    input: {
      amount: number;
      currency: string;
      customerId: string;
      paymentMethodId: string;
      metadata: Record<string, string>;
    },
    idempotencyKey: string,
  ): Promise<Stripe.PaymentIntent>;
  retrievePaymentIntent(id: string): Promise<Stripe.PaymentIntent | null>;
  /**
   * The customer's PaymentIntent created since `createdSince` whose metadata names `key` as
   * `value`, or null: what a charge whose answer was lost became, looked up by what we wrote on it
   * (Stripe's list is read at once; its search can lag).
   */
  findPaymentIntent(input: {
    customerId: string;
    createdSince: Date;
    key: string;
    value: string;
  }): Promise<Stripe.PaymentIntent | null>;
  refund(
    input: { paymentIntentId: string; amount?: number; metadata?: Record<string, string> },
    idempotencyKey: string,
  ): Promise<Stripe.Refund>;
  /** The event if its Stripe-Signature is valid for the payload (bytes as received); throws otherwise. */
  constructEvent(payload: Buffer, signature: string): Stripe.Event;
}

export function stripeGateway(settings: StripeSettings | undefined): StripeGateway {
  if (!settings) return unconfigured;
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    // One retry, with the SDK's own idempotency key, for a dropped connection.
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw asHttpError(error);
    }
  };
  const orNull = async <T>(run: () => Promise<T>): Promise<T | null> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
      throw asHttpError(error);
    }
  };
  return {
    configured: true,
    publishableKey: settings.publishableKey,
    createCustomer: ({ email, name, userId, paymentInformationKey, replacing }) =>
      call(async () => {
        const customer = await stripe.customers.create(
          // A replacement says which customer it replaces, for whoever reads it in the Dashboard.
          { email, name, metadata: { userId, ...(replacing ? { replaces: replacing } : {}) } },
          // A retried registration of the same user and configuration finds the same customer.
          { idempotencyKey: customerCreationKey(paymentInformationKey, replacing) },
        );
        return customer.id;
      }),
    createSetupSession: ({ customerId, successUrl, cancelUrl, metadata }) =>
      call(async () => {
        const session = await stripe.checkout.sessions
          .create({
            mode: 'setup',
            customer: customerId,
            currency: 'cad',
            success_url: successUrl,
            cancel_url: cancelUrl,
            metadata,
            setup_intent_data: { metadata },
          })
          .catch((error: unknown) => {
            throw isMissingCustomer(error) ? new MissingCustomerError(customerId) : error;
          });
        if (!session.url) throw new HttpError(503, 'payment_provider_unavailable');
        return { id: session.id, url: session.url };
      }),
    retrievePaymentMethod: (id) => orNull(() => stripe.paymentMethods.retrieve(id)),
    retrieveSetupIntent: (id) => orNull(() => stripe.setupIntents.retrieve(id)),
    detachPaymentMethod: (id) =>
      call(async () => {
        const current = await stripe.paymentMethods.retrieve(id).catch(() => null);
        if (current?.customer) await stripe.paymentMethods.detach(id);
      }),
    createPaymentIntent: (input, idempotencyKey) =>
      call(() =>
        stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency.toLowerCase(),
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            confirm: true,
            off_session: true,
            metadata: input.metadata,
          },
          { idempotencyKey },
        ),
      ),
    retrievePaymentIntent: (id) => orNull(() => stripe.paymentIntents.retrieve(id)),
    findPaymentIntent: ({ customerId, createdSince, key, value }) =>
      call(async () => {
        const listed = stripe.paymentIntents.list({
          customer: customerId,
          created: { gte: Math.floor(createdSince.getTime() / 1000) },
          limit: 100,
        });
        for await (const pi of listed) if (pi.metadata?.[key] === value) return pi;
        return null;
      }),
    refund: ({ paymentIntentId, amount, metadata }, idempotencyKey) =>
      call(() =>
        stripe.refunds.create(
          {
            payment_intent: paymentIntentId,
            ...(amount !== undefined ? { amount } : {}),
            ...(metadata ? { metadata } : {}),
          },
          { idempotencyKey },
        ),
      ),
    constructEvent: (payload, signature) => stripe.webhooks.constructEvent(payload, signature, settings.webhookSecret),
  };
}

/** Stripe's errors as the spec's keys (spec 000 §8); anything else is Stripe being unreachable. */
/** What a failed Stripe call answers (exported for its tests). */
export function asHttpError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  if (error instanceof Stripe.errors.StripeCardError) {
    return new HttpError(402, 'error_during_paiement', {
      messages: ['error_during_paiement', error.code ?? 'card_declined'],
      declineCode: error.decline_code ?? error.code,
    });
  }
  // A key sent with other parameters (400), or whose first request is still running (409, a
  // double click: the SDK names it an API error): either way this request made nothing, and the
  // payment and refund paths answer the first one's row as it stands.
  if (
    error instanceof Stripe.errors.StripeIdempotencyError ||
    (error instanceof Stripe.errors.StripeError && error.statusCode === 409)
  ) {
    return new HttpError(409, 'idempotency_key_reused');
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    // A card Stripe does not know, or will not use with the customer stored for it (a card of a
    // customer replaced since, docs/payments.md "A customer Stripe no longer has"): the card is gone.
    const cardGone = error.code === 'resource_missing' || error.param === 'payment_method';
    return new HttpError(400, cardGone ? 'card_does_not_exist' : 'payment_request_invalid');
  }
  return new HttpError(503, 'payment_provider_unavailable');
}

/** No Stripe configured (a process that only describes the API): every call is 503. */
const unavailable = async (): Promise<never> => {
  throw new HttpError(503, 'payment_provider_unavailable');
};
const unconfigured: StripeGateway = {
  configured: false,
  publishableKey: '',
  createCustomer: unavailable,
  createSetupSession: unavailable,
  retrievePaymentMethod: unavailable,
  retrieveSetupIntent: unavailable,
  detachPaymentMethod: unavailable,
  createPaymentIntent: unavailable,
  retrievePaymentIntent: unavailable,
  findPaymentIntent: unavailable,
  refund: unavailable,
  constructEvent: () => {
    throw new HttpError(503, 'payment_provider_unavailable');
  },
};
