import { sql } from 'kysely';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { registerConfirmed } from '../../../accounts/accountFlows.ts';
import { type invoiceFixtures, useInvoiceTest } from '../invoices/invoiceFixtures.ts';

// A Stripe customer the product stored that Stripe no longer has (docs/payments.md, "A customer
// Stripe no longer has"): deleted at the Stripe double as in the Dashboard.
const kit = useInvoiceTest();
const { test, fixtures } = kit;
const call = (...args: Parameters<ReturnType<typeof invoiceFixtures>['call']>) => fixtures().call(...args);

const SUCCESS_URL = 'http://auctions.test/en/profile?session={CHECKOUT_SESSION_ID}';
const CANCEL_URL = 'http://auctions.test/en/profile';
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

/** The official SDK against the double, as an operator's script or the Dashboard would act on Stripe. */
const sdk = () =>
  new Stripe(test.stripe.secretKey, { host: '127.0.0.1', port: new URL(test.stripe.url).port, protocol: 'http' });

const openSession = (token: string) =>
  call('POST', '/api/payments/stripeinformations/1/session', token, { successUrl: SUCCESS_URL, cancelUrl: CANCEL_URL });

/** The customer a Checkout session was opened for, as Stripe holds it. */
async function customerOfSession(sessionId: string): Promise<string> {
  return (await sdk().checkout.sessions.retrieve(sessionId)).customer as string;
}

async function paymentInformationsOf(userId: string) {
  const { rows } = await sql<{ id: number; stripe_customer_id: string }>`SELECT id, stripe_customer_id
    FROM payment_informations WHERE user_id = ${userId} ORDER BY id`.execute(test.database.db);
  return rows;
}

async function cardsOf(token: string) {
  const response = await call('GET', '/api/payment-methods', token);
  expect(response.statusCode).toBe(200);
  return response.json() as { id: number; last4: string; status: string }[];
}

const pay = (token: string, publicId: string, payload: Record<string, unknown> = {}) =>
  call('POST', `/api/auctions/invoice/${publicId}/payment`, token, payload);

describe('the Stripe double deletes a customer as Stripe does', () => {
  it("answers the deletion with the deleted record, still reads it, and refuses a session for it with Stripe's error", async () => {
    const alice = await registerConfirmed(test);
    expect((await openSession(alice.token)).statusCode).toBe(200);
    const [row] = await paymentInformationsOf(alice.id);
    const customer = row?.stripe_customer_id as string;

    expect(await sdk().customers.del(customer)).toMatchObject({ id: customer, object: 'customer', deleted: true });
    // Unlike other objects, a deleted customer can still be read.
    expect(await sdk().customers.retrieve(customer)).toMatchObject({ id: customer, deleted: true });
    expect(test.stripe.events.findLast((event) => event.type === 'customer.deleted')?.data.object.id).toBe(customer);

    const refused = await sdk()
      .checkout.sessions.create({
        mode: 'setup',
        customer,
        currency: 'cad',
        success_url: SUCCESS_URL,
        cancel_url: CANCEL_URL,
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused).toMatchObject({
      statusCode: 400,
      rawType: 'invalid_request_error',
      code: 'resource_missing',
      param: 'customer',
      message: `No such customer: '${customer}'`,
    });
    // Deleted once: a second deletion finds no such customer.
    await expect(sdk().customers.del(customer)).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });
});

describe('adding a card after Stripe lost the customer', () => {
  it('makes a new customer, stores it on the same row, and the card added lands there; the old card is gone', async () => {
    const bob = await registerConfirmed(test);
    const first = await openSession(bob.token);
    expect(first.statusCode).toBe(200);
    await test.stripe.completeCheckout(first.json().sessionId, {
      number: '4242424242424242',
      expMonth: 12,
      expYear: NEXT_YEAR,
    });
    const [before] = await paymentInformationsOf(bob.id);
    const missing = before?.stripe_customer_id as string;
    await sdk().customers.del(missing);

    const healed = await openSession(bob.token);
    expect(healed.statusCode).toBe(200);
    const replacement = await customerOfSession(healed.json().sessionId);
    expect(replacement).toMatch(/^cus_/);
    expect(replacement).not.toBe(missing);
    expect(await paymentInformationsOf(bob.id)).toEqual([{ id: before?.id, stripe_customer_id: replacement }]);
    expect(await sdk().customers.retrieve(replacement)).toMatchObject({
      metadata: { userId: bob.id, replaces: missing },
    });

    // The card added through the new session is stored under the same payment information.
    await test.stripe.completeCheckout(healed.json().sessionId, {
      number: '5555555555554444',
      expMonth: 12,
      expYear: NEXT_YEAR,
    });
    // The missing customer's card can never be charged again: it is no longer on file.
    expect((await cardsOf(bob.token)).map((card) => [card.last4, card.status])).toEqual([['4444', 'usable']]);
    // Healed for good: the next session is for the same new customer.
    const next = await openSession(bob.token);
    expect(await customerOfSession(next.json().sessionId)).toBe(replacement);
  });

  it('two requests at once after the deletion store one customer, and both sessions are for it', async () => {
    const carol = await registerConfirmed(test);
    expect((await openSession(carol.token)).statusCode).toBe(200);
    const missing = (await paymentInformationsOf(carol.id))[0]?.stripe_customer_id as string;
    await sdk().customers.del(missing);

    const answers = await Promise.all([openSession(carol.token), openSession(carol.token)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const customers = await Promise.all(answers.map((answer) => customerOfSession(answer.json().sessionId)));
    const stored = await paymentInformationsOf(carol.id);
    expect(stored).toHaveLength(1);
    expect(customers).toEqual([stored[0]?.stripe_customer_id, stored[0]?.stripe_customer_id]);
    expect(customers[0]).not.toBe(missing);
  });

  it('a replacement that comes second keeps the first one: the row is changed only while it holds the missing customer', async () => {
    const dave = await registerConfirmed(test);
    expect((await openSession(dave.token)).statusCode).toBe(200);
    const [row] = await paymentInformationsOf(dave.id);
    const { id, stripe_customer_id: missing } = row as { id: number; stripe_customer_id: string };
    const cards = test.app.cardRepository;

    const winner = await cards.replaceCustomer(id, missing, async () => 'cus_replacement_first');
    expect(winner.stripe_customer_id).toBe('cus_replacement_first');
    // A request that read the missing customer before the first replacement was stored.
    const loser = await cards.replaceCustomer(id, missing, async () => 'cus_replacement_second');
    expect(loser.stripe_customer_id).toBe('cus_replacement_first');
    // Its creation refused (Stripe's 409 while the winner's creation under the same key ran): it reads the winner's.
    const refused = await cards.replaceCustomer(id, missing, async () => {
      throw new Error('idempotency key in flight');
    });
    expect(refused.stripe_customer_id).toBe('cus_replacement_first');
    expect(await paymentInformationsOf(dave.id)).toEqual([{ id, stripe_customer_id: 'cus_replacement_first' }]);
  });
});

describe('a card of a customer Stripe no longer has', () => {
  it('is refused with card_does_not_exist when charged; replacing the customer takes it off file with its selection, and a new card pays', async () => {
    const erin = await registerConfirmed(test);
    const invoice = await fixtures().invoiceFor(erin.id, [{ amount: 40_00 }]);
    const old = await fixtures().cardFor(erin.token, invoice.auction_id);
    const missing = (await paymentInformationsOf(erin.id))[0]?.stripe_customer_id as string;
    await sdk().customers.del(missing);

    const beforeReplacement = await pay(erin.token, invoice.public_id);
    expect([beforeReplacement.statusCode, beforeReplacement.json().message]).toEqual([400, 'card_does_not_exist']);

    // Opening a session replaces the customer: the old card and its selection are gone before the
    // new card comes, so no usable card counts for permission to bid in between.
    expect((await openSession(erin.token)).statusCode).toBe(200);
    expect(await cardsOf(erin.token)).toEqual([]);
    const selections = await call('GET', `/api/auction-payment-methods?auctionId=${invoice.auction_id}`, erin.token);
    expect([selections.statusCode, selections.json()]).toEqual([200, []]);
    const { rows: summary } = await sql<{ usable: number }>`SELECT count(*)::int AS usable FROM payment_methods pm
      JOIN payment_informations pi ON pi.id = pm.payment_information_id
      WHERE pi.user_id = ${erin.id} AND pm.state = 'active'`.execute(test.database.db);
    expect(summary).toEqual([{ usable: 0 }]);
    const reselected = await call('POST', '/api/auction-payment-methods', erin.token, {
      auctionId: invoice.auction_id,
      paymentMethod_Id: old,
    });
    expect([reselected.statusCode, reselected.json().message]).toEqual([404, 'card_does_not_exist']);
    const chargedOld = await pay(erin.token, invoice.public_id, { paymentMethodId: old });
    expect([chargedOld.statusCode, chargedOld.json().message]).toEqual([404, 'card_does_not_exist']);

    const fresh = await fixtures().cardFor(erin.token, invoice.auction_id, '5555 5555 5555 4444');
    const paid = await pay(erin.token, invoice.public_id);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ isPaid: true });
    expect(fixtures().chargesOf(invoice.id)).toBe(1);
    // The old card was never charged after it went off file: no attempt was opened for it.
    const { rows } = await sql<{ status: string; error_code: string | null }>`SELECT status, error_code
      FROM payment_attempts WHERE invoice_id = ${invoice.id} ORDER BY created_at`.execute(test.database.db);
    expect(rows).toEqual([
      { status: 'failed', error_code: 'card_does_not_exist' },
      { status: 'succeeded', error_code: null },
    ]);
    expect((await cardsOf(erin.token)).map((card) => card.id)).toEqual([fresh]);
  });
});
