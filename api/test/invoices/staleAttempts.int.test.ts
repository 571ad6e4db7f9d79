import { PAYMENT_ATTEMPTS_QUEUE } from '@auction/platform';
import { paymentAttemptsSwept } from '@auction/platform/metrics';
import { testRedisUrl } from '@auction/platform/testing';
import { Queue } from 'bullmq';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { registerConfirmed } from '../accounts/accountFlows.ts';
import { useInvoiceTest } from '../routes/api/invoices/invoiceFixtures.ts';

// Payment attempts whose request died after Stripe charged, and whose webhook never came
// (docs/payments.md "Attempts left open"), against the Stripe double.
const kit = useInvoiceTest();
const { test } = kit;

const pay = (token: string, publicId: string) =>
  kit.fixtures().call('POST', `/api/auctions/invoice/${publicId}/payment`, token, {});

/** A new bidder's invoice of 40 $ with a card selected for its auction. */
async function invoiceWithCard() {
  const bidder = await registerConfirmed(test);
  const invoice = await kit.fixtures().invoiceFor(bidder.id, [{ amount: 40_00 }], { taxes: false });
  await kit.fixtures().cardFor(bidder.token, invoice.auction_id);
  return { bidder, invoice };
}

/**
 * The bidder's payment charged at Stripe, then the API killed before writing it: its own write
 * undone, the attempt open and the invoice unpaid, the webhook held.
 */
async function chargedButNotWritten(bidder: { id: string }, invoice: { id: number; public_id: string }) {
  test.stripe.pauseWebhooks();
  const row = await test.app.invoices.byPublicId(invoice.public_id);
  if (!row) throw new Error('no invoice');
  const charged = await test.app.invoicePayments.pay(row, bidder.id, undefined);
  expect(charged).toMatchObject({ isPaid: true });
  await sql`UPDATE payment_attempts SET status = 'open', payment_intent_id = NULL WHERE invoice_id = ${invoice.id}`.execute(
    test.database.db,
  );
  await sql`UPDATE invoices SET status = 1, paid_at = NULL WHERE id = ${invoice.id}`.execute(test.database.db);
  return charged.paymentIntentId;
}

const attemptsOf = (invoiceId: number) =>
  test.database.db
    .selectFrom('payment_attempts')
    .select(['status', 'error_code', 'payment_intent_id'])
    .where('invoice_id', '=', invoiceId)
    .orderBy('created_at')
    .execute();

/** As if no request had touched the invoice's open attempt for twenty minutes. */
const untouchedFor20Minutes = (invoiceId: number) =>
  sql`UPDATE payment_attempts SET updated_at = now() - interval '20 minutes'
    WHERE invoice_id = ${invoiceId} AND status = 'open'`.execute(test.database.db);

describe('payment attempts left open', () => {
  it('are swept every few minutes by one job scheduler of the API', async () => {
    const queue = new Queue(PAYMENT_ATTEMPTS_QUEUE, { connection: { url: testRedisUrl() }, prefix: test.prefix });
    try {
      await expect
        .poll(async () => (await queue.getJobSchedulers()).map((s) => [s.key, s.every]))
        .toEqual([['payment-attempts-every', 5 * 60_000]]);
    } finally {
      await queue.close();
    }
  });

  it("a retry after Stripe forgot the attempt's key finds its charge at Stripe and charges nothing more", async () => {
    const { bidder, invoice } = await invoiceWithCard();
    const paymentIntentId = await chargedButNotWritten(bidder, invoice);
    // A day later: Stripe no longer knows the key, so sending it again would make a second charge.
    test.stripe.expireIdempotencyKeys();
    const retried = await pay(bidder.token, invoice.public_id);
    expect(retried.json()).toMatchObject({ isPaid: true, paymentIntentId });
    expect(kit.fixtures().chargesOf(invoice.id)).toBe(1);
    expect(await attemptsOf(invoice.id)).toEqual([
      { status: 'succeeded', error_code: null, payment_intent_id: paymentIntentId },
    ]);
    await test.stripe.resumeWebhooks();
  });

  it('the sweep settles a charge whose answer and webhook were lost: the invoice paid, its email sent', async () => {
    const { bidder, invoice } = await invoiceWithCard();
    const paymentIntentId = await chargedButNotWritten(bidder, invoice);
    // A request that just touched its attempt is left alone.
    await test.app.staleAttempts.sweep();
    expect(await attemptsOf(invoice.id)).toEqual([{ status: 'open', error_code: null, payment_intent_id: null }]);
    await untouchedFor20Minutes(invoice.id);
    // (The API's own periodic sweep may take it first: what is asserted is the attempt's state.)
    expect((await test.app.staleAttempts.sweep()).processing).toBe(0);
    expect(await attemptsOf(invoice.id)).toEqual([
      { status: 'succeeded', error_code: null, payment_intent_id: paymentIntentId },
    ]);
    const seen = await kit.fixtures().call('GET', `/api/auctions/invoice/${invoice.public_id}`, bidder.token);
    expect(seen.json()).toMatchObject({ isPaid: true });
    await test.messaging.outbox.waitFor(bidder.body.username, { template: 'invoicePaidEmail' });
    expect(kit.fixtures().chargesOf(invoice.id)).toBe(1);
    await test.stripe.resumeWebhooks();
  });

  it('the sweep closes an attempt Stripe never saw, which held the invoice: it can then be paid, once', async () => {
    const { bidder, invoice } = await invoiceWithCard();
    // The request died after claiming its attempt, before calling Stripe.
    const { rows } = await sql<{ stripe_payment_method_id: string }>`
      SELECT pm.stripe_payment_method_id FROM payment_methods pm
        JOIN payment_informations pi ON pi.id = pm.payment_information_id
      WHERE pi.user_id = ${bidder.id}`.execute(test.database.db);
    const card = rows[0];
    if (!card) throw new Error('no card on file');
    await test.database.db
      .insertInto('payment_attempts')
      .values({
        id: crypto.randomUUID(),
        invoice_id: invoice.id,
        user_id: bidder.id,
        stripe_payment_method_id: card.stripe_payment_method_id,
        amount: 40_00,
        currency: 'CAD',
      })
      .execute();
    // Held: nothing can be recorded while a payment is in progress.
    const held = await kit
      .fixtures()
      .call('POST', `/api/admin/invoices/${invoice.public_id}/manual-payments`, kit.manager, {
        amountCents: 40_00,
        method: 'cash',
        commandId: crypto.randomUUID(),
      });
    expect(held.json().message).toBe('payment_in_progress');
    await untouchedFor20Minutes(invoice.id);
    expect((await test.app.staleAttempts.sweep()).processing).toBe(0);
    expect(await attemptsOf(invoice.id)).toEqual([
      { status: 'failed', error_code: 'not_charged', payment_intent_id: null },
    ]);
    // Counted for the operators: an answer and its webhook were lost.
    const swept = await paymentAttemptsSwept.get();
    expect(swept.values.find((v) => v.labels.outcome === 'closed')?.value).toBeGreaterThanOrEqual(1);
    const paid = await pay(bidder.token, invoice.public_id);
    expect(paid.json()).toMatchObject({ isPaid: true });
    expect(kit.fixtures().chargesOf(invoice.id)).toBe(1);
  });
});
