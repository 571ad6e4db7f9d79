import type { Database } from '@auction/platform';
import { type Kysely, sql, type Transaction } from 'kysely';

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
