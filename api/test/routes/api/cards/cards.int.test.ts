import { randomUUID } from 'node:crypto';
import { stripeSignature } from '@auction/platform';
import { sql } from 'kysely';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { bearer, login, registerConfirmed } from '../../../accounts/accountFlows.ts';
import { openLot } from '../../../fixtures/lots.ts';
import { useTestApp } from '../../../useTestApp.ts';

const test = useTestApp();

const SUCCESS_URL = 'http://auctions.test/en/profile?session={CHECKOUT_SESSION_ID}';
const CANCEL_URL = 'http://auctions.test/en/profile';
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: Record<string, unknown>,
) {
  return test.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

/** The card flow as the browser runs it: a Checkout session, the hosted page's form, the redirect. */
async function addCard(token: string, number: string, expYear = NEXT_YEAR) {
  const session = await call('POST', '/api/payments/stripeinformations/1/session', token, {
    successUrl: SUCCESS_URL,
    cancelUrl: CANCEL_URL,
  });
  expect(session.statusCode).toBe(200);
  const { sessionId, url, publishableKey } = session.json();
  expect(url).toBe(`${test.stripe.url}/checkout/${sessionId}`);
  expect(publishableKey).toBe('pk_test_local_double');
  return test.stripe.completeCheckout(sessionId, { number, expMonth: 12, expYear, name: 'Card Holder' });
}

async function cards(token: string) {
  const response = await call('GET', '/api/payment-methods', token);
  expect(response.statusCode).toBe(200);
  return response.json() as {
    id: number;
    brand: string;
    last4: string;
    status: string;
    isSelectable: boolean;
    message: string | null;
  }[];
}

async function customerOf(userId: string): Promise<string> {
  const { rows } = await sql<{ stripe_customer_id: string }>`SELECT stripe_customer_id FROM payment_informations
    WHERE user_id = ${userId}`.execute(test.database.db);
  return rows[0]?.stripe_customer_id as string;
}

async function requireCard(required: boolean) {
  await sql`UPDATE auctions SET require_cc_to_bid = ${required} WHERE id = ${test.galaId}`.execute(test.database.db);
}

function bid(token: string, lotId: number, amount: number) {
  return call('POST', `/api/bids/auctionlotitem/${lotId}/bid`, token, { auctionLotItem_Id: lotId, amount });
}

describe('the Stripe double and the webhook', () => {
  it("signs events with Stripe's scheme: the SDK verifies them, and a tampered one fails", () => {
    const sdk = new Stripe('sk_test_verify');
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'ping', data: { object: {} } });
    const signature = stripeSignature(test.stripe.webhookSecret, payload);
    expect(sdk.webhooks.constructEvent(payload, signature, test.stripe.webhookSecret).id).toBe('evt_1');
    expect(() =>
      sdk.webhooks.constructEvent(payload.replace('ping', 'pong'), signature, test.stripe.webhookSecret),
    ).toThrow();
    expect(() => sdk.webhooks.constructEvent(payload, signature, 'whsec_other')).toThrow();
  });

  it('refuses an unsigned or tampered event with 400, and applies nothing', async () => {
    const before = await sql<{ n: number }>`SELECT count(*)::int AS n FROM processed_webhook_events`.execute(
      test.database.db,
    );
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'payment_method.attached',
      data: { object: { id: 'pm_x' } },
    });
    const forged = await test.app.inject({
      method: 'POST',
      url: '/api/payments/stripe-webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature('whsec_wrong', payload) },
      payload,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('invalid_signature');
    const unsigned = await test.app.inject({
      method: 'POST',
      url: '/api/payments/stripe-webhook',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(unsigned.statusCode).toBe(400);
    const after = await sql<{ n: number }>`SELECT count(*)::int AS n FROM processed_webhook_events`.execute(
      test.database.db,
    );
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it('applies an event delivered twice once', async () => {
    const alice = await registerConfirmed(test);
    expect(await addCard(alice.token, '4242 4242 4242 4242')).toEqual({
      redirect: expect.stringMatching(/^http:\/\/auctions\.test\/en\/profile\?session=cs_test_/),
    });
    const completed = test.stripe.events.findLast((event) => event.type === 'checkout.session.completed');
    if (!completed) throw new Error('no checkout.session.completed');
    expect(await test.stripe.deliver(completed)).toBe(200);
    const again = await test.app.inject({
      method: 'POST',
      url: '/api/payments/stripe-webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripeSignature(test.stripe.webhookSecret, JSON.stringify(completed)),
      },
      payload: JSON.stringify(completed),
    });
    expect(again.json()).toEqual({ received: true, outcome: 'duplicate' });
    const list = await cards(alice.token);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      brand: 'visa',
      last4: '4242',
      status: 'usable',
      isSelectable: true,
      message: null,
    });
  });

  it('is safe out of order: a card attached then detached stays detached whatever order the events arrive in', async () => {
    const bob = await registerConfirmed(test);
    test.stripe.pauseWebhooks();
    try {
      // The session creates the customer; the card's events are held.
      await addCard(bob.token, '4242424242424242');
      const attached = test.stripe.events.findLast((event) => event.type === 'payment_method.attached');
      const pmId = attached?.data.object.id as string;
      const sdk = new Stripe(test.stripe.secretKey, {
        host: '127.0.0.1',
        port: new URL(test.stripe.url).port,
        protocol: 'http',
      });
      await sdk.paymentMethods.detach(pmId);
      const held = test.stripe.events.slice(-4);
      expect(held.map((event) => event.type)).toEqual([
        'payment_method.attached',
        'setup_intent.succeeded',
        'checkout.session.completed',
        'payment_method.detached',
      ]);
      // Newest first: the detach arrives before the attach.
      for (const event of [...held].reverse()) expect(await test.stripe.deliver(event)).toBe(200);
      expect(await cards(bob.token)).toEqual([]);
    } finally {
      await test.stripe.resumeWebhooks();
    }
    expect(await cards(bob.token)).toEqual([]);
  });
});

describe('cards on file', () => {
  it('refuses American Express: shown as refused, detached at Stripe, not selectable', async () => {
    const carol = await registerConfirmed(test);
    await addCard(carol.token, '3782 822463 10005');
    const [amex] = await cards(carol.token);
    expect(amex).toMatchObject({
      brand: 'amex',
      last4: '0005',
      status: 'refused',
      isSelectable: false,
      message: 'amex_not_accepted',
    });
    const select = await call('POST', '/api/auction-payment-methods', carol.token, {
      auctionId: test.galaId,
      paymentMethod_Id: amex?.id,
    });
    expect(select.statusCode).toBe(400);
    expect(select.json().message).toBe('amex_not_accepted');
    const pm = test.stripe.events.findLast((event) => event.type === 'payment_method.detached');
    expect(pm?.data.object.card).toMatchObject({ brand: 'amex' });
  });

  it('a card declined at setup is not added; an expired or declined card is shown as such and not selectable', async () => {
    const dave = await registerConfirmed(test);
    expect(await addCard(dave.token, '4000 0000 0000 0002')).toEqual({ error: 'Your card was declined.' });
    expect(await cards(dave.token)).toEqual([]);
    // A card that expired since it was added.
    await test.stripe.attachCard(await customerOf(dave.id), { number: '4242424242424242', expMonth: 1, expYear: 2020 });
    // One that attaches but whose charges the bank declines.
    await addCard(dave.token, '4000 0000 0000 0341');
    const declinedPm = test.stripe.events.findLast((event) => event.type === 'payment_method.attached')?.data.object
      .id as string;
    await expect(
      test.app.stripe.createPaymentIntent(
        {
          amount: 5000,
          currency: 'CAD',
          customerId: await customerOf(dave.id),
          paymentMethodId: declinedPm,
          metadata: {},
        },
        randomUUID(),
      ),
    ).rejects.toMatchObject({ statusCode: 402, message: 'error_during_paiement' });
    const list = await cards(dave.token);
    expect(list.map((card) => [card.last4, card.status, card.isSelectable, card.message])).toEqual([
      ['4242', 'expired', false, 'card_declined_or_expired'],
      ['0341', 'declined', false, 'card_declined_or_expired'],
    ]);
    for (const card of list) {
      const select = await call('POST', '/api/auction-payment-methods', dave.token, {
        auctionId: test.galaId,
        paymentMethod_Id: card.id,
      });
      expect(select.statusCode).toBe(400);
      expect(select.json().message).toBe('card_declined_or_expired');
    }
    // No usable card: nothing is auto-selected.
    expect((await call('GET', `/api/auction-payment-methods?auctionId=${test.galaId}`, dave.token)).json()).toEqual([]);
  });

  it('auto-selects the single usable card, lists payment informations, selects and changes with POST and PUT', async () => {
    const erin = await registerConfirmed(test);
    await addCard(erin.token, '4242424242424242');
    const [first] = await cards(erin.token);
    const auto = await call('GET', `/api/auction-payment-methods?auctionId=${test.galaId}`, erin.token);
    expect(auto.statusCode).toBe(200);
    const [selection] = auto.json();
    expect(selection).toMatchObject({ auctionId: test.galaId, paymentMethod_Id: first?.id });
    const infos = await call('GET', '/api/payment-informations', erin.token);
    expect(infos.json()).toEqual([
      { id: selection.paymentInformation_Id, stripeInformation_Id: 1, stripeInformationName: 'Signature' },
    ]);
    await addCard(erin.token, '5555 5555 5555 4444');
    const second = (await cards(erin.token))[1];
    const put = await call('PUT', '/api/auction-payment-methods', erin.token, {
      id: selection.id,
      auctionId: test.galaId,
      paymentMethod_Id: second?.id,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ id: selection.id, paymentMethod_Id: second?.id });
    const wrongId = await call('PUT', '/api/auction-payment-methods', erin.token, {
      id: selection.id + 1000,
      auctionId: test.galaId,
      paymentMethod_Id: second?.id,
    });
    expect(wrongId.statusCode).toBe(404);
    expect((await call('GET', '/api/auction-payment-methods', erin.token)).json()).toHaveLength(1);
    const active = await call('GET', `/api/payment-methods/list-active-auction/${second?.id}`, erin.token);
    expect(active.statusCode).toBe(200);
    expect(active.json()).toEqual([expect.objectContaining({ id: test.galaId, urlMagicLink: 'demo-gala' })]);
  });

  it("another user's card is not found", async () => {
    const frank = await registerConfirmed(test);
    const grace = await registerConfirmed(test);
    await addCard(frank.token, '4242424242424242');
    const [card] = await cards(frank.token);
    const steal = await call('POST', '/api/auction-payment-methods', grace.token, {
      auctionId: test.galaId,
      paymentMethod_Id: card?.id,
    });
    expect(steal.statusCode).toBe(404);
    expect(steal.json().message).toBe('card_does_not_exist');
    expect(
      (await call('DELETE', `/api/payment-methods/delete-payment-method/${card?.id}`, grace.token)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/payment-methods/list-active-auction/${card?.id}`, grace.token)).statusCode).toBe(
      404,
    );
  });

  it('only lets the session send the browser back to the product', async () => {
    const henry = await registerConfirmed(test);
    const response = await call('POST', '/api/payments/stripeinformations/1/session', henry.token, {
      successUrl: 'https://evil.example/steal',
      cancelUrl: CANCEL_URL,
    });
    expect(response.statusCode).toBe(400);
    const unknown = await call('POST', '/api/payments/stripeinformations/999/session', henry.token, {
      successUrl: SUCCESS_URL,
      cancelUrl: CANCEL_URL,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('the Stripe-information dropdown is for operators', async () => {
    const admin = await login(test.app, 'admin@demo.local', 'Demo-Admin-2026!');
    const list = await call('GET', '/api/dropdowns/stripeinformations/1', admin.body.token);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      { value: 1, text: expect.any(String), labels: { en: 'Signature (Stripe)', fr: 'Signature (Stripe)' } },
    ]);
    const bidder = await registerConfirmed(test);
    expect((await call('GET', '/api/dropdowns/stripeinformations/1', bidder.token)).statusCode).toBe(403);
  });
});

describe('a card required to bid (spec 001 §5 rules 2 and 3)', () => {
  it('refuses a bid without a card, accepts it with one (auto-selected), and keeps the card in use from being deleted, not from being replaced', async () => {
    await requireCard(true);
    try {
      const lotId = await openLot(test);
      const ivy = await registerConfirmed(test);
      const refused = await bid(ivy.token, lotId, 10);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('requiresCreateCreditCard');

      await addCard(ivy.token, '4242424242424242');
      const accepted = await bid(ivy.token, lotId, 10);
      expect(accepted.statusCode).toBe(200);
      const [card] = await cards(ivy.token);
      // The single usable card was selected for the auction by the bid.
      expect((await call('GET', '/api/auction-payment-methods', ivy.token)).json()).toEqual([
        expect.objectContaining({ auctionId: test.galaId, paymentMethod_Id: card?.id }),
      ]);

      // Leading (once the read models know it): the card cannot be deleted…
      await test.projections.caughtUp();
      const deleting = await call('DELETE', `/api/payment-methods/delete-payment-method/${card?.id}`, ivy.token);
      expect(deleting.statusCode).toBe(409);
      expect(deleting.json()).toMatchObject({ message: 'card_in_use_cannot_be_deleted', auctionIds: [test.galaId] });
      // …but it can be replaced, and then deleted.
      await addCard(ivy.token, '5555555555554444');
      const replacement = (await cards(ivy.token)).find((c) => c.last4 === '4444');
      const replaced = await call('POST', '/api/payment-methods/replace-payment-method', ivy.token, {
        sourcePaymentMethodId: card?.id,
        replacingPaymentMethodId: replacement?.id,
      });
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json()).toMatchObject({ success: true, auctionIds: [test.galaId] });
      const deleted = await call('DELETE', `/api/payment-methods/delete-payment-method/${card?.id}`, ivy.token);
      expect(deleted.statusCode).toBe(200);
      expect((await cards(ivy.token)).map((c) => c.last4)).toEqual(['4444']);
      expect(
        test.stripe.events.findLast((event) => event.type === 'payment_method.detached')?.data.object.id,
      ).toBeTruthy();

      // With two cards and none selected, the bidder must choose (rule 3).
      const jack = await registerConfirmed(test);
      await addCard(jack.token, '4242424242424242');
      await addCard(jack.token, '5555555555554444');
      const choose = await bid(jack.token, lotId, 20);
      expect(choose.statusCode).toBe(403);
      expect(choose.json().message).toBe('requiresSelectedCreditCard');
      const [jackCard] = await cards(jack.token);
      await call('POST', '/api/auction-payment-methods', jack.token, {
        auctionId: test.galaId,
        paymentMethod_Id: jackCard?.id,
      });
      expect((await bid(jack.token, lotId, 20)).statusCode).toBe(200);
    } finally {
      await requireCard(false);
    }
  });
});

describe('permission to bid outside the bid path', () => {
  it("the lot page's allowedBidding and a donation follow the bidder's cards when the auction requires one", async () => {
    await requireCard(true);
    try {
      const lotId = await openLot(test);
      const kim = await registerConfirmed(test);
      const page = async () => (await call('GET', `/api/auction-lot-items/${lotId}`, kim.token)).json().allowedBidding;
      const donate = () =>
        call('POST', '/api/auctions/donations', kim.token, {
          id: randomUUID(),
          auctionId: test.galaId,
          amount: { value: 25, currencyCode: 'CAD' },
        });

      expect(await page()).toMatchObject({ canBid: false, reason: 'requiresCreateCreditCard' });
      const refused = await donate();
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('requiresCreateCreditCard');

      // One usable card: it is the auto-selected one, so the bidder may bid and donate.
      await addCard(kim.token, '4242424242424242');
      expect(await page()).toMatchObject({ canBid: true, reason: null });
      expect((await donate()).statusCode).toBe(200);

      // A second card without a selection: the bidder must choose (rule 3).
      await addCard(kim.token, '5555555555554444');
      expect(await page()).toMatchObject({ canBid: false, reason: 'requiresSelectedCreditCard' });
    } finally {
      await requireCard(false);
    }
  });
});

describe('the double honours idempotency keys as Stripe does', () => {
  it('same key and parameters: the same object; same key, other parameters: 400 idempotency error', async () => {
    const kim = await registerConfirmed(test);
    await addCard(kim.token, '4242424242424242');
    const pm = test.stripe.events.findLast((event) => event.type === 'payment_method.attached')?.data.object
      .id as string;
    const input = {
      amount: 2500,
      currency: 'CAD',
      customerId: await customerOf(kim.id),
      paymentMethodId: pm,
      metadata: { invoice: '1' },
    };
    const key = randomUUID();
    const first = await test.app.stripe.createPaymentIntent(input, key);
    const retry = await test.app.stripe.createPaymentIntent(input, key);
    expect(first.status).toBe('succeeded');
    expect(retry.id).toBe(first.id);
    expect(
      test.stripe.events.filter(
        (event) => event.type === 'payment_intent.succeeded' && event.data.object.id === first.id,
      ),
    ).toHaveLength(1);
    await expect(test.app.stripe.createPaymentIntent({ ...input, amount: 2600 }, key)).rejects.toMatchObject({
      statusCode: 409,
      message: 'idempotency_key_reused',
    });
    const refund = await test.app.stripe.refund({ paymentIntentId: first.id, amount: 500 }, randomUUID());
    expect(refund).toMatchObject({ amount: 500, status: 'succeeded' });
  });
});
