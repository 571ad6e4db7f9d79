import { randomUUID } from 'node:crypto';
import { InvoiceStatus } from '@auction/contract';
import type { Database, Db } from '@auction/platform';
import { type Kysely, sql, type Transaction } from 'kysely';
import type Stripe from 'stripe';
import { HttpError } from '../errors.ts';
import { refusalOf, storedCardStatus } from '../payments/cardRules.ts';
import { auctionStripeInformationSql } from '../payments/cardSql.ts';
import type { StripeGateway } from '../payments/stripeGateway.ts';
import { issueDonationReceipt } from './donationReceipts.ts';
import type { InvoiceRow } from './invoiceRepository.ts';
import { dueCents } from './invoiceSums.ts';

/**
 * Paying an invoice by card, with exactly one successful charge for what it owes (docs/payments.md
 * "Paying an invoice"; a second charge only after a reopening, "A second card charge"):
 *
 * 1. An attempt is claimed in a transaction holding the invoice row (SELECT … FOR UPDATE) before
 *    Stripe is called: a paid invoice answers paid; an open attempt (a charge whose outcome is not
 *    known yet) is reused; otherwise a new one is recorded. At most one attempt is open per
 *    invoice (a partial unique index), so two requests at once, a double click or a retry after
 *    a timeout all continue the same attempt.
 * 2. The PaymentIntent is created with the attempt's id as Stripe's idempotency key and the same
 *    parameters every time, so Stripe answers a repeated attempt with the same PaymentIntent and
 *    never charges twice for it.
 * 3. Stripe's answer and the webhook converge on the attempt row (`applyPaymentIntent`): a
 *    succeeded PaymentIntent makes the attempt succeeded and the invoice paid, whichever arrives
 *    first, and the second finds it done. A process killed after the charge leaves the attempt
 *    open: the webhook or the next request (same key, same PaymentIntent) settles it.
 * 4. Only a refusal by Stripe (a card error) closes an attempt as failed; a new request then opens
 *    a new attempt (a new key). An unknown outcome (Stripe unreachable) leaves it open.
 * 5. An attempt continued (it was open) is first looked up at Stripe by its id in the
 *    PaymentIntent's metadata (`reconcile`): a charge whose answer and webhook were lost is settled
 *    from what Stripe made of it, and never charged again, even once Stripe has forgotten the key
 *    (24 hours). Only an attempt Stripe never saw is sent again under its key.
 */
export interface InvoicePayments {
  pay(
    invoice: InvoiceRow,
    userId: string,
    paymentMethodId: number | undefined,
  ): Promise<{ isPaid: boolean; paymentIntentId: string | null }>;
  /**
   * What a PaymentIntent of an invoice attempt says, applied to the attempt and its invoice (once,
   * monotonic). Answers the invoice's id when this call made it paid (its donation receipt then
   * issued in the same transaction), so the caller sends the paid email after the commit.
   */
  applyPaymentIntent(executor: Executor, pi: Stripe.PaymentIntent): Promise<number | null>;
  /**
   * What Stripe made of an open attempt, looked up by its id among its customer's charges, applied
   * like an answer (the invoice paid and its email sent, or the attempt failed); null when Stripe
   * has no charge of it.
   */
  reconcile(attempt: AttemptToReconcile): Promise<Stripe.PaymentIntent | null>;
  /** After the commit that made an invoice paid: its email with the invoice and receipt PDFs. */
  afterPaid(invoiceId: number): Promise<void>;
}

type Executor = Kysely<Database> | Transaction<Database>;

interface ChargeCard {
  stripe_payment_method_id: string;
  stripe_customer_id: string;
}

/** An open attempt as the look-up at Stripe needs it: its id, when it was claimed, whose card. */
export interface AttemptToReconcile {
  id: string;
  created_at: Date;
  stripe_customer_id: string;
}

/** The metadata key naming the attempt on its PaymentIntent. */
export const ATTEMPT_METADATA = 'paymentAttemptId';

/**
 * What a PaymentIntent says of its attempt: charged, refused by the card (a refusal is never undone
 * by a later success here, nor a success by a later failure), or still under way at Stripe.
 */
export function chargeOutcome(pi: Stripe.PaymentIntent): 'succeeded' | 'refused' | 'processing' {
  if (pi.status === 'succeeded') return 'succeeded';
  return pi.last_payment_error || pi.status === 'canceled' ? 'refused' : 'processing';
}

/** How far before an attempt's row its PaymentIntent is looked for: the two clocks may differ. */
const CLOCK_MARGIN_MS = 5 * 60_000;

export function invoicePayments(deps: {
  db: Db;
  stripe: StripeGateway;
  /** Sends the paid invoice's email; a failure to enqueue never undoes the payment. */
  onPaid?: (invoiceId: number) => Promise<void>;
}): InvoicePayments {
  const { db, stripe } = deps;
  async function afterPaid(invoiceId: number): Promise<void> {
    await deps.onPaid?.(invoiceId).catch(() => {});
  }

  async function cardToCharge(invoice: InvoiceRow, userId: string, paymentMethodId?: number): Promise<ChargeCard> {
    const { rows } = await sql<{
      id: number;
      stripe_payment_method_id: string;
      stripe_customer_id: string;
      state: 'active' | 'declined' | 'refused' | 'detached';
      exp_month: number;
      exp_year: number;
    }>`
      SELECT pm.id, pm.stripe_payment_method_id, pi.stripe_customer_id, pm.state, pm.exp_month, pm.exp_year
      FROM payment_methods pm JOIN payment_informations pi ON pi.id = pm.payment_information_id
      WHERE pi.user_id = ${userId} AND pm.state <> 'detached' AND ${
        paymentMethodId === undefined
          ? sql`pm.id = (SELECT payment_method_id FROM auction_payment_methods
              WHERE user_id = ${userId} AND auction_id = ${invoice.auction_id})`
          : // A card named by the request is one of the auction's payment configuration, as a card
            // selected for it is (cardsOnFile's selectableCard; any when the auction has none).
            sql`pm.id = ${paymentMethodId} AND pi.stripe_information_id = coalesce((
              SELECT ${sql.raw(auctionStripeInformationSql('a'))} FROM auctions a WHERE a.id = ${invoice.auction_id}
            ), pi.stripe_information_id)`
      }`.execute(db);
    const card = rows[0];
    if (!card) {
      throw paymentMethodId === undefined
        ? new HttpError(409, 'requiresSelectedCreditCard')
        : new HttpError(404, 'card_does_not_exist');
    }
    const status = storedCardStatus(card);
    const refusal = status ? refusalOf(status) : 'card_does_not_exist';
    if (refusal) throw new HttpError(409, refusal);
    return card;
  }

  /**
   * Claims the invoice's attempt: the open one (`continued`), or a new one on this card; none once
   * paid. Continuing touches the attempt's `updated_at`, which tells the sweep of stale attempts
   * (`staleAttempts.ts`) that a request is charging it now.
   */
  async function claim(invoice: InvoiceRow, userId: string, card: () => Promise<ChargeCard>) {
    // The card is read before the transaction: no look-up while the invoice row is held.
    const chosen = await card();
    return db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('invoices')
        .select(['status', 'total', 'currency'])
        .where('id', '=', invoice.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (current.status === InvoiceStatus.Paid) return null;
      const open = await trx
        .selectFrom('payment_attempts')
        .selectAll()
        .where('invoice_id', '=', invoice.id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (open) {
        await trx.updateTable('payment_attempts').set({ updated_at: new Date() }).where('id', '=', open.id).execute();
        return { attempt: open, continued: true };
      }
      // Payments recorded by hand (cash, cheque) leave only the rest to charge, and so does a card
      // payment made before a recording beside it was cancelled (the invoice reopened).
      const due = await dueCents(trx, invoice.id, current.total);
      const created = await trx
        .insertInto('payment_attempts')
        .values({
          id: randomUUID(),
          invoice_id: invoice.id,
          user_id: userId,
          stripe_payment_method_id: chosen.stripe_payment_method_id,
          amount: due,
          currency: current.currency,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { attempt: created, continued: false };
    });
  }

  async function reconcile(attempt: AttemptToReconcile): Promise<Stripe.PaymentIntent | null> {
    const found = await stripe.findPaymentIntent({
      customerId: attempt.stripe_customer_id,
      // A margin for the clocks of Stripe and of this database.
      createdSince: new Date(attempt.created_at.getTime() - CLOCK_MARGIN_MS),
      key: ATTEMPT_METADATA,
      value: attempt.id,
    });
    if (!found) return null;
    const paid = await db.transaction().execute((trx) => applyPaymentIntent(trx, found));
    if (paid !== null) await afterPaid(paid);
    return found;
  }

  async function applyPaymentIntent(executor: Executor, pi: Stripe.PaymentIntent): Promise<number | null> {
    const attemptId = pi.metadata?.[ATTEMPT_METADATA];
    if (!attemptId || !/^[0-9a-f-]{36}$/.test(attemptId)) return null;
    const attempt = await executor
      .selectFrom('payment_attempts')
      .select('invoice_id')
      .where('id', '=', attemptId)
      .executeTakeFirst();
    if (!attempt) return null;
    // The invoice's row first, as a claim takes it before touching its attempt: one order of locks,
    // so a claim continuing this attempt and this settlement never wait for each other in a cycle.
    await executor.selectFrom('invoices').select('id').where('id', '=', attempt.invoice_id).forUpdate().execute();
    const outcome = chargeOutcome(pi);
    if (outcome === 'succeeded') {
      const settled = await executor
        .updateTable('payment_attempts')
        .set({ status: 'succeeded', payment_intent_id: pi.id, error_code: null, updated_at: new Date() })
        .where('id', '=', attemptId)
        .where('status', '<>', 'succeeded')
        .returning('invoice_id')
        .executeTakeFirst();
      if (!settled) return null;
      const paid = await executor
        .updateTable('invoices')
        .set({ status: InvoiceStatus.Paid, paid_at: new Date() })
        .where('id', '=', settled.invoice_id)
        .where('status', '=', InvoiceStatus.Unpaid)
        .returning('id')
        .executeTakeFirst();
      if (!paid) return null;
      // Only the transaction that moved the invoice to paid gets here: one receipt per invoice.
      await issueDonationReceipt(executor, paid.id);
      return paid.id;
    }
    if (outcome === 'refused') {
      // A refusal closes only an attempt still open: a success is never undone by a late failure.
      await executor
        .updateTable('payment_attempts')
        .set({
          status: 'failed',
          payment_intent_id: pi.id,
          error_code: pi.last_payment_error?.code ?? pi.status,
          updated_at: new Date(),
        })
        .where('id', '=', attemptId)
        .where('status', '=', 'open')
        .execute();
    }
    return null;
  }

  return {
    applyPaymentIntent,
    afterPaid,
    reconcile,

    async pay(invoice, userId, paymentMethodId) {
      // Paid already (a retry after a timeout, another tab): that is the answer, before any card is
      // looked at, so a card since declined or never chosen for the auction does not refuse it.
      if (invoice.status === InvoiceStatus.Paid)
        return { isPaid: true, paymentIntentId: await paidIntentOf(invoice.id) };
      const claimed = await claim(invoice, userId, () => cardToCharge(invoice, userId, paymentMethodId));
      if (!claimed) return { isPaid: true, paymentIntentId: await paidIntentOf(invoice.id) };
      const { attempt } = claimed;
      const { rows } = await sql<ChargeCard>`
        SELECT pm.stripe_payment_method_id, pi.stripe_customer_id
        FROM payment_methods pm JOIN payment_informations pi ON pi.id = pm.payment_information_id
        WHERE pm.stripe_payment_method_id = ${attempt.stripe_payment_method_id}`.execute(db);
      const card = rows[0];
      if (!card) throw new HttpError(409, 'card_does_not_exist');
      if (claimed.continued) {
        const found = await reconcile({ ...attempt, stripe_customer_id: card.stripe_customer_id });
        if (found) return answerOf(found);
      }
      let pi: Stripe.PaymentIntent;
      try {
        pi = await stripe.createPaymentIntent(
          {
            amount: attempt.amount,
            currency: attempt.currency,
            customerId: card.stripe_customer_id,
            paymentMethodId: card.stripe_payment_method_id,
            metadata: { invoiceId: String(invoice.id), [ATTEMPT_METADATA]: attempt.id },
          },
          `invoice-payment-${attempt.id}`,
        );
      } catch (error) {
        // The same attempt is being charged by another request right now (Stripe's 409 for a key
        // in flight): that request settles it; this one reports the payment as under way.
        if (error instanceof HttpError && error.message === 'idempotency_key_reused') {
          return { isPaid: false, paymentIntentId: null };
        }
        // A refusal Stripe states (a declined card, 402; a card it no longer knows or a request it
        // rejects, 400) charged nothing and never will under this key: the attempt closes now, so
        // the invoice is not "payment in progress" until the sweep and another card can pay it.
        if (error instanceof HttpError && (error.statusCode === 402 || error.statusCode === 400)) {
          await db
            .updateTable('payment_attempts')
            .set({
              status: 'failed',
              error_code: String(
                error.statusCode === 402 ? (error.extra.declineCode ?? 'card_declined') : error.message,
              ),
              updated_at: new Date(),
            })
            .where('id', '=', attempt.id)
            .where('status', '=', 'open')
            .execute();
        }
        throw error;
      }
      const paid = await db.transaction().execute((trx) => applyPaymentIntent(trx, pi));
      if (paid !== null) await afterPaid(paid);
      return { isPaid: pi.status === 'succeeded', paymentIntentId: pi.id };
    },
  };

  /** The answer to a payment request from a charge Stripe already made of its attempt. */
  function answerOf(pi: Stripe.PaymentIntent): { isPaid: boolean; paymentIntentId: string | null } {
    const outcome = chargeOutcome(pi);
    if (outcome === 'succeeded') return { isPaid: true, paymentIntentId: pi.id };
    if (outcome === 'refused') {
      const code = pi.last_payment_error?.code ?? 'card_declined';
      throw new HttpError(402, 'error_during_paiement', {
        messages: ['error_during_paiement', code],
        declineCode: pi.last_payment_error?.decline_code ?? code,
      });
    }
    // Still processing at Stripe: its webhook settles it.
    return { isPaid: false, paymentIntentId: pi.id };
  }

  /** The charge that paid the invoice: the latest when a reopening made it pay twice. */
  async function paidIntentOf(invoiceId: number): Promise<string | null> {
    const row = await db
      .selectFrom('payment_attempts')
      .select('payment_intent_id')
      .where('invoice_id', '=', invoiceId)
      .where('status', '=', 'succeeded')
      .orderBy('updated_at', 'desc')
      .executeTakeFirst();
    return row?.payment_intent_id ?? null;
  }
}
