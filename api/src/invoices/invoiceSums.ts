import type { Database } from '@auction/platform';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { CardCharge } from './refundCharge.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * What an invoice was paid and given back, by kind of money, read in the caller's transaction
 * (which holds the invoice's row when it decides on them). A card's money and the money paid by
 * hand are counted apart: each goes back its own way (docs/payments.md "Refunds" and "Giving back
 * money paid by hand").
 */

/** What the payments recorded by hand, and not cancelled, already cover on an invoice. */
export async function manuallyPaidCents(executor: Executor, invoiceId: number): Promise<number> {
  const row = await executor
    .selectFrom('invoice_manual_payments')
    .select(sql<number>`coalesce(sum(amount), 0)::bigint`.as('paid'))
    .where('invoice_id', '=', invoiceId)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.paid ?? 0);
}

/** What the card payments that succeeded settled on the invoice. */
export async function cardPaidCents(executor: Executor, invoiceId: number): Promise<number> {
  const row = await executor
    .selectFrom('payment_attempts')
    .select(sql<number>`coalesce(sum(amount), 0)::bigint`.as('paid'))
    .where('invoice_id', '=', invoiceId)
    .where('status', '=', 'succeeded')
    .executeTakeFirst();
  return Number(row?.paid ?? 0);
}

/** What the invoice's refunds of one kind (on the card, or by hand) give back or are giving. */
export async function refundedCentsOf(executor: Executor, invoiceId: number, kind: 'card' | 'hand'): Promise<number> {
  const row = await executor
    .selectFrom('invoice_refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('invoice_id', '=', invoiceId)
    .where('status', 'in', ['pending', 'succeeded'])
    .where('method', kind === 'card' ? '=' : '<>', 'card')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * What an invoice still owes: its total less what the recordings not cancelled and the card
 * payments that succeeded paid. Only a reopened invoice (a recording beside a card payment
 * cancelled) owes money after a card payment: then the card path charges this rest again.
 */
export async function dueCents(executor: Executor, invoiceId: number, totalCents: number): Promise<number> {
  // One after the other: a transaction's queries share one connection.
  const manual = await manuallyPaidCents(executor, invoiceId);
  return Number(totalCents) - manual - (await cardPaidCents(executor, invoiceId));
}

/**
 * The successful card charges of these invoices, each with what its refunds give back (docs/payments.md
 * "A second card charge"): one read for a list of invoices, or one invoice's under its lock.
 */
export async function cardChargesOf(executor: Executor, invoiceIds: readonly number[]): Promise<CardCharge[]> {
  if (invoiceIds.length === 0) return [];
  const { rows } = await sql<{
    invoice_id: number;
    payment_intent_id: string;
    amount: number;
    refunded: number;
    settled_at: Date;
  }>`
    SELECT a.invoice_id, a.payment_intent_id, a.amount, a.updated_at AS settled_at,
      coalesce((SELECT sum(r.amount) FROM invoice_refunds r
        WHERE r.payment_intent_id = a.payment_intent_id AND r.status IN ('pending', 'succeeded')), 0)::bigint AS refunded
    FROM payment_attempts a
    WHERE a.invoice_id IN (${sql.join(invoiceIds)}) AND a.status = 'succeeded' AND a.payment_intent_id IS NOT NULL`.execute(
    executor,
  );
  return rows.map((row) => ({
    invoiceId: row.invoice_id,
    paymentIntentId: row.payment_intent_id,
    amountCents: Number(row.amount),
    refundedCents: Number(row.refunded),
    settledAt: row.settled_at,
  }));
}
