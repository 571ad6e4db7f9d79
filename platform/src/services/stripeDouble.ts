import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { escapeHtml } from '../text/escapeHtml.ts';
import { readText, sendJson } from './doubleHttp.ts';
import { listen } from './listen.ts';

/**
 * A local stand-in for the part of Stripe's REST API the product calls, at the network boundary:
 * the official SDK is used unchanged, only its host, port and protocol point here (docs/payments.md).
 * It keeps Stripe's objects in memory, answers with Stripe's shapes and errors, honours
 * idempotency keys as Stripe does, signs its webhook events with Stripe's scheme, and serves a
 * stand-in for the hosted Checkout page where a person types a test card.
 */
export interface StripeDouble {
  /** http://host:port, the value STRIPE_API_URL takes to send here. */
  url: string;
  /** The secret key the API authenticates with (any `sk_test_…` value is accepted). */
  secretKey: string;
  /** The endpoint's signing secret (`whsec_…`): the API verifies the events with it. */
  webhookSecret: string;
  /**
   * Where events go: a URL (posted as Stripe does), or a function given the raw body and the
   * Stripe-Signature header (tests inject them into the app). Until set, events are only stored.
   */
  setWebhook(target: string | WebhookReceiver): void;
  /** Every event emitted, oldest first. */
  events: StripeEvent[];
  /** Hold events instead of delivering them (to deliver them later, in any order, with `deliver`). */
  pauseWebhooks(): void;
  /** Deliver the held events (oldest first) and deliver again as they come. */
  resumeWebhooks(): Promise<number[]>;
  /** Sends one event (again): a new signature with the current time. Resolves with the HTTP status. */
  deliver(event: StripeEvent): Promise<number>;
  /**
   * The Checkout page's submit, without a browser: the card's number, expiry and holder. Resolves
   * with where the page redirects (success_url) or the error it shows.
   */
  completeCheckout(sessionId: string, card: TestCard): Promise<{ redirect: string } | { error: string }>;
  /** A card put on a customer directly, bypassing Checkout's checks (a card that has expired since). */
  attachCard(customerId: string, card: TestCard): Promise<StripeObject>;
  /**
   * A refund that succeeded and then failed at the bank (days later at Stripe): its status becomes
   * `failed` and `refund.failed` and `refund.updated` are emitted, as Stripe does.
   */
  failRefund(refundId: string): Promise<StripeObject>;
  /**
   * Forgets every idempotency key's first answer, as Stripe does 24 hours after it: the same key
   * then makes a new object (a charge kept open longer than that would be charged again).
   */
  expireIdempotencyKeys(): void;
  stop(): Promise<void>;
}

export type WebhookReceiver = (payload: string, signature: string) => Promise<number>;

export interface TestCard {
  number: string;
  expMonth: number;
  expYear: number;
  name?: string;
}

export interface StripeDoubleOptions {
  port: number;
  host?: string;
  /** A random one when absent. */
  webhookSecret?: string;
  /**
   * A file that keeps Stripe's objects between runs, as Stripe keeps them: `npm start` keeps its
   * database in its data folder, and the customers and cards it names must still exist when it
   * starts again. Without it (tests), they live in memory only.
   */
  stateFile?: string;
}

/** What the state file holds: the objects, each card's behaviour and the idempotency answers. */
interface SavedState {
  objects: Array<[string, StripeObject]>;
  behaviours: Array<[string, CardBehaviour]>;
  idempotency: Array<[string, IdempotentAnswer]>;
}

type StripeObject = Record<string, unknown> & { id: string; object: string };
export interface StripeEvent extends StripeObject {
  type: string;
  data: { object: StripeObject };
}

/**
 * Stripe's webhook signature (the Stripe-Signature header): `t=<unix seconds>,v1=<hex>`, the
 * HMAC-SHA256 of `${t}.${payload}` keyed with the endpoint's signing secret.
 */
export function stripeSignature(secret: string, payload: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** How a test card behaves (Stripe's documented test numbers). */
interface CardBehaviour {
  brand: string;
  /** The setup (attaching it through Checkout) fails with this code. */
  setupDecline?: string;
  /** Charges on it fail with this code, though it attaches. */
  chargeDecline?: string;
}

const TEST_CARDS: Record<string, CardBehaviour> = {
  '4242424242424242': { brand: 'visa' },
  '4000056655665556': { brand: 'visa' },
  '5555555555554444': { brand: 'mastercard' },
  '378282246310005': { brand: 'amex' },
  '371449635398431': { brand: 'amex' },
  '4000000000000002': { brand: 'visa', setupDecline: 'card_declined' },
  '4000000000000069': { brand: 'visa', setupDecline: 'expired_card' },
  '4000000000009995': { brand: 'visa', setupDecline: 'card_declined' },
  '4000000000000341': { brand: 'visa', chargeDecline: 'card_declined' },
};

const DECLINE_MESSAGES: Record<string, string> = {
  card_declined: 'Your card was declined.',
  expired_card: 'Your card has expired.',
  incorrect_number: 'Your card number is incorrect.',
  invalid_expiry: "Your card's expiration date is in the past.",
};

function behaviourOf(number: string): CardBehaviour | undefined {
  const known = TEST_CARDS[number];
  if (known) return known;
  if (!luhn(number)) return undefined;
  if (/^3[47]\d{13}$/.test(number)) return { brand: 'amex' };
  if (/^5[1-5]\d{14}$/.test(number)) return { brand: 'mastercard' };
  if (/^4\d{15}$/.test(number)) return { brand: 'visa' };
  return undefined;
}

function luhn(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

const missing = (kind: string, id: string) =>
  new StripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param: 'id',
  });
/**
 * An object named by a parameter of the request that does not exist: Stripe answers 400 naming the
 * parameter (`No such customer: 'cus_…'`, param `customer`), not the 404 of a read by id.
 */
const missingParam = (kind: string, id: string, param: string) =>
  new StripeError(400, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });
const invalid = (message: string, param?: string) =>
  new StripeError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });

interface IdempotentAnswer {
  fingerprint: string;
  status: number;
  body: string;
}

export async function startStripeDouble(options: StripeDoubleOptions): Promise<StripeDouble> {
  const host = options.host ?? '127.0.0.1';
  const url = `http://${host}:${options.port}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('hex')}`;
  const objects = new Map<string, StripeObject>();
  /** Per API key, Stripe keeps an idempotency key's first answer (24 hours there; here until `expireIdempotencyKeys`). */
  const idempotency = new Map<string, IdempotentAnswer>();
  /** Keys whose first request is still running. */
  const inFlight = new Set<string>();
  const behaviours = new Map<string, CardBehaviour>();
  const events: StripeEvent[] = [];
  const held: StripeEvent[] = [];
  const { stateFile } = options;
  if (stateFile && existsSync(stateFile)) {
    const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as SavedState;
    for (const [id, object] of saved.objects) objects.set(id, object);
    for (const [id, behaviour] of saved.behaviours) behaviours.set(id, behaviour);
    for (const [key, answer] of saved.idempotency) idempotency.set(key, answer);
  }
  /** Written whole after each change, through a file beside it, so a run killed mid-write keeps the last state. */
  const save = () => {
    if (!stateFile) return;
    const state: SavedState = { objects: [...objects], behaviours: [...behaviours], idempotency: [...idempotency] };
    writeFileSync(`${stateFile}.new`, JSON.stringify(state));
    renameSync(`${stateFile}.new`, stateFile);
  };
  let paused = false;
  let target: string | WebhookReceiver | undefined;

  const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
  const now = () => Math.floor(Date.now() / 1000);
  const put = <T extends StripeObject>(object: T): T => {
    objects.set(object.id, object);
    return object;
  };
  /** A deleted customer is kept as Stripe keeps it (`{ id, object, deleted: true }`) but is no longer usable. */
  const exists = (id: string, objectName: string): StripeObject | undefined => {
    const found = objects.get(id);
    return found && found.object === objectName && found.deleted !== true ? found : undefined;
  };
  const get = (kind: string, id: string, objectName: string): StripeObject => {
    const found = exists(id, objectName);
    if (!found) throw missing(kind, id);
    return found;
  };
  /** The object a request's parameter names (such as `customer`), or Stripe's 400 naming that parameter. */
  const named = (kind: string, id: string, objectName: string, param: string): StripeObject => {
    const found = exists(id, objectName);
    if (!found) throw missingParam(kind, id, param);
    return found;
  };

  const deliver = async (event: StripeEvent): Promise<number> => {
    if (!target) return 0;
    const payload = JSON.stringify(event, null, 2);
    const signature = stripeSignature(webhookSecret, payload);
    if (typeof target === 'function') return target(payload, signature);
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      body: payload,
    });
    await response.arrayBuffer();
    return response.status;
  };

  const emit = async (type: string, object: StripeObject): Promise<void> => {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: '2025-01-27.acacia',
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      // A snapshot: the object as it was when the event happened, as Stripe sends it.
      data: { object: structuredClone(object) },
    };
    events.push(event);
    if (paused) held.push(event);
    // Stripe retries a failed delivery later; a test redelivers with `deliver`.
    else await deliver(event).catch(() => 0);
  };

  const paymentMethodOf = (card: TestCard, behaviour: CardBehaviour): StripeObject => {
    const pm = put({
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      created: now(),
      customer: null,
      livemode: false,
      metadata: {},
      billing_details: { name: card.name ?? null, email: null, phone: null, address: null },
      card: {
        brand: behaviour.brand,
        display_brand: behaviour.brand === 'amex' ? 'american_express' : behaviour.brand,
        country: 'US',
        exp_month: card.expMonth,
        exp_year: card.expYear,
        funding: 'credit',
        last4: card.number.slice(-4),
        fingerprint: createHmac('sha256', 'fp').update(card.number).digest('hex').slice(0, 16),
        checks: { cvc_check: 'pass', address_line1_check: null, address_postal_code_check: null },
      },
    });
    behaviours.set(pm.id, behaviour);
    return pm;
  };

  const attach = async (pm: StripeObject, customerId: string) => {
    pm.customer = customerId;
    await emit('payment_method.attached', pm);
  };

  async function completeCheckout(
    sessionId: string,
    card: TestCard,
  ): Promise<{ redirect: string } | { error: string }> {
    const session = get('checkout.session', sessionId, 'checkout.session');
    if (session.status !== 'open') return { error: 'This Checkout Session is no longer active.' };
    const number = card.number.replace(/[\s-]/g, '');
    const behaviour = behaviourOf(number);
    if (!behaviour) return { error: DECLINE_MESSAGES.incorrect_number as string };
    const today = new Date();
    const expired =
      card.expYear < today.getUTCFullYear() ||
      (card.expYear === today.getUTCFullYear() && card.expMonth < today.getUTCMonth() + 1);
    if (!(card.expMonth >= 1 && card.expMonth <= 12) || expired)
      return { error: DECLINE_MESSAGES.invalid_expiry as string };
    const pm = paymentMethodOf({ ...card, number }, behaviour);
    const setupIntent: StripeObject = put({
      id: newId('seti'),
      object: 'setup_intent',
      created: now(),
      customer: session.customer,
      livemode: false,
      metadata: (session.setup_intent_metadata as Record<string, string>) ?? {},
      payment_method: pm.id,
      payment_method_types: ['card'],
      status: 'requires_payment_method',
      usage: 'off_session',
      last_setup_error: null,
    });
    if (behaviour.setupDecline) {
      // The hosted page shows the error and stays open for another card, as Stripe's does.
      setupIntent.last_setup_error = {
        type: 'card_error',
        code: behaviour.setupDecline,
        decline_code: behaviour.setupDecline === 'card_declined' ? 'generic_decline' : behaviour.setupDecline,
        message: DECLINE_MESSAGES[behaviour.setupDecline],
        payment_method: structuredClone(pm),
      };
      await emit('setup_intent.setup_failed', setupIntent);
      return { error: DECLINE_MESSAGES[behaviour.setupDecline] as string };
    }
    await attach(pm, String(session.customer));
    setupIntent.status = 'succeeded';
    await emit('setup_intent.succeeded', setupIntent);
    Object.assign(session, { status: 'complete', setup_intent: setupIntent.id });
    await emit('checkout.session.completed', session);
    return { redirect: String(session.success_url).replaceAll('{CHECKOUT_SESSION_ID}', session.id) };
  }

  /** POST: creates and changes. Each answers the object (or throws a StripeError). */
  const posts: [RegExp, (params: Params, match: RegExpExecArray) => Promise<StripeObject>][] = [
    [
      /^\/v1\/customers$/,
      async (params) =>
        put({
          id: newId('cus'),
          object: 'customer',
          created: now(),
          email: params.email ?? null,
          name: params.name ?? null,
          livemode: false,
          metadata: params.metadata ?? {},
          invoice_settings: { default_payment_method: null },
        }),
    ],
    [
      /^\/v1\/checkout\/sessions$/,
      async (params) => {
        if (params.mode !== 'setup' && params.mode !== 'payment') throw invalid('Invalid mode', 'mode');
        if (!params.success_url) throw invalid('Missing required param: success_url.', 'success_url');
        if (params.customer) named('customer', params.customer, 'customer', 'customer');
        const id = newId('cs_test');
        return put({
          id,
          object: 'checkout.session',
          created: now(),
          mode: params.mode,
          customer: params.customer ?? null,
          client_reference_id: params.client_reference_id ?? null,
          currency: params.currency ?? null,
          livemode: false,
          metadata: params.metadata ?? {},
          setup_intent_metadata: params.setup_intent_data?.metadata ?? {},
          payment_method_types: params.payment_method_types ?? ['card'],
          status: 'open',
          success_url: params.success_url,
          cancel_url: params.cancel_url ?? null,
          setup_intent: null,
          url: `${url}/checkout/${id}`,
        });
      },
    ],
    [
      /^\/v1\/payment_methods\/([^/]+)\/detach$/,
      async (_params, match) => {
        const pm = get('payment_method', match[1] as string, 'payment_method');
        if (!pm.customer) {
          throw invalid('The payment method you provided is not attached to a customer so detachment is impossible.');
        }
        pm.customer = null;
        await emit('payment_method.detached', pm);
        return pm;
      },
    ],
    [/^\/v1\/payment_intents$/, async (params) => createPaymentIntent(params)],
    [
      /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      async (params, match) => confirm(get('payment_intent', match[1] as string, 'payment_intent'), params),
    ],
    [
      /^\/v1\/refunds$/,
      async (params) => {
        const pi = get('payment_intent', String(params.payment_intent), 'payment_intent');
        if (pi.status !== 'succeeded') throw invalid('This PaymentIntent does not have a successful charge to refund.');
        const left = Number(pi.amount_received) - Number(pi.amount_refunded ?? 0);
        const amount = params.amount === undefined ? left : Number(params.amount);
        if (left <= 0)
          throw new StripeError(400, {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: `Charge ${pi.latest_charge} has already been refunded.`,
          });
        if (!(amount > 0) || amount > left) {
          throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, 'amount');
        }
        pi.amount_refunded = Number(pi.amount_refunded ?? 0) + amount;
        const refund = put({
          id: newId('re'),
          object: 'refund',
          amount,
          charge: pi.latest_charge,
          created: now(),
          currency: pi.currency,
          metadata: params.metadata ?? {},
          payment_intent: pi.id,
          reason: params.reason ?? null,
          status: 'succeeded',
        });
        await emit('refund.created', refund);
        // Stripe also reports the charge; since API version 2022-11-15 the charge's `refunds` list is
        // not in the event (it must be expanded by a call), so the event carries the totals only.
        const charge: StripeObject = {
          id: String(pi.latest_charge),
          object: 'charge',
          amount: pi.amount_received,
          amount_captured: pi.amount_received,
          amount_refunded: pi.amount_refunded,
          currency: pi.currency,
          payment_intent: pi.id,
          refunded: pi.amount_refunded === pi.amount_received,
          status: 'succeeded',
        };
        await emit('charge.refunded', charge);
        return refund;
      },
    ],
  ];

  /**
   * Stripe's list of PaymentIntents, newest first: by `customer`, created at or after
   * `created[gte]`, in pages of `limit` (10 by default, 100 at most) after `starting_after`.
   */
  function listPaymentIntents(query: URLSearchParams): StripeObject {
    const customer = query.get('customer');
    const since = Number(query.get('created[gte]') ?? 0);
    const limit = Math.min(100, Math.max(1, Number(query.get('limit') ?? 10)));
    let found = [...objects.values()]
      .filter((o) => o.object === 'payment_intent')
      .filter((o) => (customer === null || o.customer === customer) && Number(o.created) >= since)
      .reverse();
    const after = query.get('starting_after');
    if (after) found = found.slice(found.findIndex((o) => o.id === after) + 1);
    return { ...list('/v1/payment_intents', found.slice(0, limit)), has_more: found.length > limit };
  }

  async function createPaymentIntent(params: Params): Promise<StripeObject> {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 50) {
      throw invalid('Amount must be at least $0.50 cad', 'amount');
    }
    if (!params.currency) throw invalid('Missing required param: currency.', 'currency');
    if (params.customer) named('customer', params.customer, 'customer', 'customer');
    const pi = put({
      id: newId('pi'),
      object: 'payment_intent',
      amount,
      amount_received: 0,
      amount_refunded: 0,
      created: now(),
      currency: String(params.currency).toLowerCase(),
      customer: params.customer ?? null,
      description: params.description ?? null,
      latest_charge: null,
      last_payment_error: null,
      livemode: false,
      metadata: params.metadata ?? {},
      payment_method: params.payment_method ?? null,
      status: params.payment_method ? 'requires_confirmation' : 'requires_payment_method',
    });
    await emit('payment_intent.created', pi);
    return params.confirm === 'true' ? confirm(pi, params) : pi;
  }

  async function confirm(pi: StripeObject, params: Params): Promise<StripeObject> {
    if (params.payment_method) pi.payment_method = params.payment_method;
    if (pi.status === 'succeeded') {
      throw invalid(
        'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
      );
    }
    const pm = get('payment_method', String(pi.payment_method), 'payment_method');
    if (pi.customer && pm.customer !== pi.customer) {
      throw invalid(
        `The provided PaymentMethod ${pm.id} does not belong to the customer ${pi.customer}.`,
        'payment_method',
      );
    }
    const decline = behaviours.get(pm.id)?.chargeDecline;
    if (decline) {
      const error = {
        type: 'card_error',
        code: decline,
        decline_code: 'generic_decline',
        message: DECLINE_MESSAGES[decline],
        payment_method: structuredClone(pm),
      };
      Object.assign(pi, { status: 'requires_payment_method', last_payment_error: error });
      await emit('payment_intent.payment_failed', pi);
      throw new StripeError(402, { ...error, payment_intent: structuredClone(pi) });
    }
    Object.assign(pi, { status: 'succeeded', amount_received: pi.amount, latest_charge: newId('ch') });
    await emit('payment_intent.succeeded', pi);
    return pi;
  }

  const gets: [RegExp, (query: URLSearchParams, match: RegExpExecArray) => StripeObject][] = [
    [
      /^\/v1\/customers\/([^/]+)$/,
      (_q, m) => {
        // Unlike other objects, a deleted customer can still be read: `{ id, object, deleted: true }`.
        const found = objects.get(m[1] as string);
        if (found?.object !== 'customer') throw missing('customer', m[1] as string);
        return found;
      },
    ],
    [/^\/v1\/checkout\/sessions\/([^/]+)$/, (_q, m) => get('checkout.session', m[1] as string, 'checkout.session')],
    [/^\/v1\/setup_intents\/([^/]+)$/, (_q, m) => get('setupintent', m[1] as string, 'setup_intent')],
    [/^\/v1\/payment_methods\/([^/]+)$/, (_q, m) => get('PaymentMethod', m[1] as string, 'payment_method')],
    [/^\/v1\/payment_intents\/([^/]+)$/, (_q, m) => get('payment_intent', m[1] as string, 'payment_intent')],
    [/^\/v1\/payment_intents$/, (query) => listPaymentIntents(query)],
    [/^\/v1\/refunds\/([^/]+)$/, (_q, m) => get('refund', m[1] as string, 'refund')],
    [
      /^\/v1\/payment_methods$/,
      (query) => {
        const customer = query.get('customer');
        if (customer) get('customer', customer, 'customer');
        return list(
          '/v1/payment_methods',
          [...objects.values()].filter((o) => o.object === 'payment_method' && (!customer || o.customer === customer)),
        );
      },
    ],
    [
      /^\/v1\/customers\/([^/]+)\/payment_methods$/,
      (_q, m) => {
        get('customer', m[1] as string, 'customer');
        return list(
          `/v1/customers/${m[1]}/payment_methods`,
          [...objects.values()].filter((o) => o.object === 'payment_method' && o.customer === m[1]),
        );
      },
    ],
  ];

  /** DELETE: Stripe's deletions, answered with the deleted record. Not idempotent-keyed: a DELETE needs no key. */
  const deletes: [RegExp, (match: RegExpExecArray) => Promise<StripeObject>][] = [
    [
      /^\/v1\/customers\/([^/]+)$/,
      async (match) => {
        // As in the Dashboard: the customer is gone for every later request (`No such customer`), and
        // its cards can no longer be charged through it. Only the deleted record is kept, as Stripe keeps it.
        const customer = get('customer', match[1] as string, 'customer');
        const deleted = put({ id: customer.id, object: 'customer', deleted: true });
        await emit('customer.deleted', customer);
        return deleted;
      },
    ],
  ];

  async function api(request: IncomingMessage, response: ServerResponse, path: string, body: string) {
    const key = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!/^[sr]k_test_/.test(key)) {
      return sendJson(response, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
      });
    }
    const query = new URL(request.url ?? '/', url).searchParams;
    if (request.method === 'GET') {
      for (const [pattern, handler] of gets) {
        const match = pattern.exec(path);
        if (!match) continue;
        // An unknown object is Stripe's 404 `resource_missing`, as for a POST, not a server error.
        try {
          return sendJson(response, 200, handler(query, match));
        } catch (error) {
          if (!(error instanceof StripeError)) throw error;
          return sendJson(response, error.status, { error: error.body });
        }
      }
      return sendJson(response, 404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (GET: ${path}).` },
      });
    }
    if (request.method === 'DELETE') {
      for (const [pattern, handler] of deletes) {
        const match = pattern.exec(path);
        if (!match) continue;
        try {
          return sendJson(response, 200, await handler(match));
        } catch (error) {
          if (!(error instanceof StripeError)) throw error;
          return sendJson(response, error.status, { error: error.body });
        }
      }
      return sendJson(response, 404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (DELETE: ${path}).` },
      });
    }
    if (request.method !== 'POST')
      return sendJson(response, 405, { error: { type: 'invalid_request_error', message: 'Method not allowed' } });
    const route = posts.find(([pattern]) => pattern.test(path));
    if (!route) {
      return sendJson(response, 404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (POST: ${path}).` },
      });
    }
    // Stripe's idempotency: a key's first answer (success or error) is replayed for the same
    // request; the same key with other parameters is refused. Scoped to the API key.
    const idempotencyKey = request.headers['idempotency-key'];
    const scoped = typeof idempotencyKey === 'string' ? `${key}\n${idempotencyKey}` : undefined;
    const fingerprint = `${path}\n${canonical(body)}`;
    if (scoped) {
      const first = idempotency.get(scoped);
      if (first && first.fingerprint !== fingerprint) {
        return sendJson(response, 400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        });
      }
      if (!first && inFlight.has(scoped)) {
        // Stripe answers a key whose first request is still running with 409, and runs nothing.
        return sendJson(response, 409, {
          error: {
            type: 'idempotency_error',
            message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${idempotencyKey}. Please try again later.`,
          },
        });
      }
      if (first) {
        response.writeHead(first.status, {
          'content-type': 'application/json',
          'idempotency-key': String(idempotencyKey),
          'idempotent-replayed': 'true',
        });
        return response.end(first.body);
      }
    }
    const [handler] = [route[1]];
    const match = route[0].exec(path) as RegExpExecArray;
    let status = 200;
    let answer: unknown;
    if (scoped) inFlight.add(scoped);
    try {
      answer = await handler(parse(body), match);
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      status = error.status;
      answer = { error: error.body };
    } finally {
      if (scoped) inFlight.delete(scoped);
    }
    const text = JSON.stringify(answer);
    // Stripe does not store answers to requests that failed validation before running (400s from
    // bad parameters are stored too; only 5xx and rate limits are not): keep all but 5xx.
    if (scoped && status < 500) idempotency.set(scoped, { fingerprint, status, body: text });
    response.writeHead(status, {
      'content-type': 'application/json',
      ...(typeof idempotencyKey === 'string' ? { 'idempotency-key': idempotencyKey } : {}),
    });
    response.end(text);
  }

  async function checkoutPage(request: IncomingMessage, response: ServerResponse, sessionId: string, body: string) {
    const session = objects.get(sessionId);
    if (session?.object !== 'checkout.session') return page(response, 404, '<p>Session not found.</p>');
    if (request.method === 'POST') {
      const form = new URLSearchParams(body);
      const [month, year] = (form.get('expiry') ?? '').split('/').map((part) => Number(part.trim()));
      const outcome = await completeCheckout(sessionId, {
        number: form.get('number') ?? '',
        expMonth: month ?? 0,
        expYear: year !== undefined && year < 100 ? 2000 + year : (year ?? 0),
        name: form.get('name') ?? '',
      });
      if ('redirect' in outcome) {
        response.writeHead(303, { location: outcome.redirect });
        return response.end();
      }
      return page(response, 402, checkoutForm(session, outcome.error));
    }
    if (session.status !== 'open') return page(response, 410, '<p>This Checkout Session is no longer active.</p>');
    return page(response, 200, checkoutForm(session));
  }

  const server = createServer((request, response) => {
    readText(request)
      .then((body) => {
        const path = new URL(request.url ?? '/', url).pathname;
        const checkout = /^\/checkout\/([^/]+)$/.exec(path);
        if (checkout) return checkoutPage(request, response, decodeURIComponent(checkout[1] as string), body);
        return api(request, response, path, body);
      })
      .then(() => {
        if (request.method !== 'GET') save();
      })
      .catch((error: unknown) => {
        if (!response.headersSent) {
          sendJson(response, 500, {
            error: { type: 'api_error', message: error instanceof Error ? error.message : 'error' },
          });
        }
      });
  });
  await listen(server, options.port, host);

  return {
    url,
    secretKey: 'sk_test_local_double',
    webhookSecret,
    setWebhook(given) {
      target = given;
    },
    events,
    pauseWebhooks() {
      paused = true;
    },
    async resumeWebhooks() {
      paused = false;
      const statuses: number[] = [];
      for (const event of held.splice(0)) statuses.push(await deliver(event));
      return statuses;
    },
    deliver,
    completeCheckout,
    async attachCard(customerId, card) {
      get('customer', customerId, 'customer');
      const number = card.number.replace(/\s/g, '');
      const pm = paymentMethodOf({ ...card, number }, behaviourOf(number) ?? { brand: 'visa' });
      await attach(pm, customerId);
      return pm;
    },
    expireIdempotencyKeys() {
      idempotency.clear();
    },
    async failRefund(refundId) {
      const refund = get('refund', refundId, 'refund');
      Object.assign(refund, { status: 'failed', failure_reason: 'lost_or_stolen_card' });
      await emit('refund.failed', refund);
      await emit('refund.updated', refund);
      return refund;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// biome-ignore lint/suspicious/noExplicitAny: Stripe's form parameters nest freely (a[b][0]=c).
type Params = Record<string, any>;

/** Stripe's form encoding: `metadata[user]=1&payment_method_types[0]=card` into nested objects. */
function parse(body: string): Params {
  const params: Params = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const [head, ...rest] = name.split('[');
    const keys = [head as string, ...rest.map((part) => part.replace(/]$/, ''))];
    let node = params;
    keys.forEach((key, index) => {
      if (index === keys.length - 1) node[key] = value;
      else node = node[key] ??= /^\d+$/.test(keys[index + 1] as string) ? [] : {};
    });
  }
  return params;
}

/** The parameters in name order: the same request however its fields were ordered. */
function canonical(body: string): string {
  return [...new URLSearchParams(body)]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

function list(path: string, data: StripeObject[]): StripeObject {
  return { id: '', object: 'list', data, has_more: false, url: path };
}

/** The stand-in for Stripe's hosted Checkout page: a plain form, no script. */
function checkoutForm(session: StripeObject, error?: string): string {
  const cancel = session.cancel_url ? `<p><a href="${escapeHtml(String(session.cancel_url))}">Cancel</a></p>` : '';
  return `<h1>Add a card</h1>
<p>Local Stripe double: test cards 4242 4242 4242 4242 (succeeds), 4000 0000 0000 0002 (declined),
4000 0000 0000 0069 (expired), 4000 0000 0000 0341 (attaches, charges decline), 3782 822463 10005 (American Express).</p>
${error ? `<p role="alert" class="error">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/checkout/${escapeHtml(session.id)}">
  <label>Cardholder name <input name="name" autocomplete="cc-name" required></label>
  <label>Card number <input name="number" inputmode="numeric" autocomplete="cc-number" required></label>
  <label>Expiry (MM / YY) <input name="expiry" placeholder="12 / 34" autocomplete="cc-exp" required></label>
  <label>CVC <input name="cvc" inputmode="numeric" autocomplete="cc-csc" required></label>
  <button type="submit">Save card</button>
</form>
${cancel}`;
}

function page(response: ServerResponse, status: number, content: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout (local Stripe double)</title>
<style>body{font-family:sans-serif;max-width:28rem;margin:2rem auto}label{display:block;margin:.5rem 0}input{display:block;width:100%}.error{color:#b00}</style>
</head><body>${content}</body></html>`,
  );
}
