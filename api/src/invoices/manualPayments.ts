import {
  type AuctionInvoice,
  type AuctionInvoices,
  InvoiceStatus,
  type ManualPayment,
  type ManualPaymentBody,
} from '@auction/contract';
import type { Database, Db } from '@auction/platform';
import { type Kysely, sql, type Transaction } from 'kysely';
import { HttpError } from '../errors.ts';
import { issueDonationReceipt } from './donationReceipts.ts';
import type { InvoiceRow } from './invoiceRepository.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Payments made outside the product: cash or a cheque handed over at the gala (docs/payments.md
 * "Payments recorded by hand"). Recorded in a transaction holding the invoice row, like the card
 * path's claim, so a recording and a card payment cannot both settle the same amount:
 *
 * - a paid invoice refuses (409 `invoice_already_paid`), as does one whose card payment is being
 *   charged right now (409 `payment_in_progress`);
 * - more than is still due refuses (422 `payment_exceeds_amount_due`), nothing recorded;
 * - the command id names the recording: the same id again answers the first recording (another
 *   invoice, amount or method with it: 409 `idempotency_key_reused`);
 * - once the recordings reach the total, the invoice is paid in the same transaction, its donation
 *   receipt issued, and its paid email sent after the commit, once, as for a card payment.
 *
 * The card path charges only what is still due (`dueOf`).
 */
export interface ManualPayments {
  record(
    invoice: InvoiceRow,
    userId: string,
    request: ManualPaymentBody,
  ): Promise<{ payment: ManualPayment; duplicate: boolean }>;
  /** Every invoice of the auction with what is paid and due, and the auction's totals. */
  ofAuction(auctionId: number): Promise<AuctionInvoices>;
  one(invoiceId: number): Promise<AuctionInvoice>;
}

/** What the payments recorded by hand already cover on an invoice. */
export async function manuallyPaidCents(executor: Executor, invoiceId: number): Promise<number> {
  const row = await executor
    .selectFrom('invoice_manual_payments')
    .select(sql<number>`coalesce(sum(amount), 0)::bigint`.as('paid'))
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirst();
  return Number(row?.paid ?? 0);
}

interface PaymentRow {
  id: number;
  invoice_id: number;
  amount: number;
  method: ManualPayment['method'];
  note: string | null;
  recorded_by_name: string | null;
  recorded_at: Date;
}

const toPayment = (row: PaymentRow): ManualPayment => ({
  id: row.id,
  amountCents: Number(row.amount),
  method: row.method,
  note: row.note,
  recordedBy: row.recorded_by_name,
  recordedAt: row.recorded_at.toISOString(),
});

export function manualPayments(deps: { db: Db; afterPaid: (invoiceId: number) => Promise<void> }): ManualPayments {
  const { db } = deps;

  const paymentsOf = (where: ReturnType<typeof sql>) =>
    sql<PaymentRow>`
      SELECT p.id, p.invoice_id, p.amount, p.method, p.note, p.recorded_at,
        nullif(trim(u.first_name || ' ' || u.last_name), '') AS recorded_by_name
      FROM invoice_manual_payments p LEFT JOIN users u ON u.id = p.recorded_by
      WHERE ${where} ORDER BY p.recorded_at, p.id`
      .execute(db)
      .then((r) => r.rows);

  async function invoicesWhere(where: ReturnType<typeof sql>): Promise<AuctionInvoice[]> {
    const { rows } = await sql<{
      id: number;
      public_id: string;
      number: number;
      customer_name: string;
      customer_email: string;
      is_donation: boolean;
      status: number;
      total: number;
      card_paid: number;
      currency: string;
      created_at: Date;
      paid_at: Date | null;
      in_progress: boolean;
    }>`
      SELECT i.id, i.public_id, i.number, trim(u.first_name || ' ' || u.last_name) AS customer_name,
        u.username AS customer_email, i.is_donation, i.status, i.total, i.currency, i.created_at, i.paid_at,
        coalesce((SELECT sum(a.amount) FROM payment_attempts a
          WHERE a.invoice_id = i.id AND a.status = 'succeeded'), 0)::bigint AS card_paid,
        EXISTS (SELECT 1 FROM payment_attempts a WHERE a.invoice_id = i.id AND a.status = 'open') AS in_progress
      FROM invoices i JOIN users u ON u.id = i.bidder_id
      WHERE ${where}
      ORDER BY i.number`.execute(db);
    if (rows.length === 0) return [];
    const payments = await paymentsOf(sql`p.invoice_id IN (${sql.join(rows.map((r) => r.id))})`);
    return rows.map((row) => {
      const own = payments.filter((p) => p.invoice_id === row.id);
      const total = Number(row.total);
      const paid = Math.min(total, Number(row.card_paid) + own.reduce((sum, p) => sum + Number(p.amount), 0));
      const isPaid = row.status === InvoiceStatus.Paid;
      return {
        stripeInvoiceId: row.public_id,
        number: row.number,
        customerName: row.customer_name,
        customerEmail: row.customer_email,
        isDonation: row.is_donation,
        status: row.status,
        totalCents: total,
        paidCents: isPaid ? total : paid,
        dueCents: isPaid ? 0 : total - paid,
        currency: row.currency,
        invoiceDate: row.created_at.toISOString(),
        paidAt: row.paid_at?.toISOString() ?? null,
        paymentInProgress: !isPaid && row.in_progress,
        manualPayments: own.map(toPayment),
      };
    });
  }

  async function one(invoiceId: number): Promise<AuctionInvoice> {
    const [invoice] = await invoicesWhere(sql`i.id = ${invoiceId}`);
    if (!invoice) throw new HttpError(404, 'invoice_not_found');
    return invoice;
  }

  return {
    one,

    async ofAuction(auctionId) {
      const invoices = await invoicesWhere(sql`i.auction_id = ${auctionId}`);
      const raisedCents = invoices.reduce((sum, i) => sum + i.totalCents, 0);
      const paidCents = invoices.reduce((sum, i) => sum + i.paidCents, 0);
      const currency = invoices[0]?.currency ?? 'CAD';
      return { currency, raisedCents, paidCents, unpaidCents: raisedCents - paidCents, invoices };
    },

    async record(invoice, userId, request) {
      const outcome = await db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('invoices')
          .select(['status', 'total'])
          .where('id', '=', invoice.id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const same = await trx
          .selectFrom('invoice_manual_payments')
          .select(['id', 'amount', 'method'])
          .where('invoice_id', '=', invoice.id)
          .where('command_id', '=', request.commandId)
          .executeTakeFirst();
        if (same) {
          if (Number(same.amount) !== request.amountCents || same.method !== request.method) {
            throw new HttpError(409, 'idempotency_key_reused');
          }
          return { id: same.id, duplicate: true, paid: false };
        }
        if (current.status === InvoiceStatus.Paid) throw new HttpError(409, 'invoice_already_paid');
        const open = await trx
          .selectFrom('payment_attempts')
          .select('id')
          .where('invoice_id', '=', invoice.id)
          .where('status', '=', 'open')
          .executeTakeFirst();
        if (open) throw new HttpError(409, 'payment_in_progress');
        const due = Number(current.total) - (await manuallyPaidCents(trx, invoice.id));
        if (request.amountCents > due) {
          throw new HttpError(422, 'payment_exceeds_amount_due', { dueCents: due });
        }
        const inserted = await trx
          .insertInto('invoice_manual_payments')
          .values({
            invoice_id: invoice.id,
            command_id: request.commandId,
            amount: request.amountCents,
            method: request.method,
            note: request.note?.trim() || null,
            recorded_by: userId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (request.amountCents < due) return { id: inserted.id, duplicate: false, paid: false };
        await trx
          .updateTable('invoices')
          .set({ status: InvoiceStatus.Paid, paid_at: new Date() })
          .where('id', '=', invoice.id)
          .execute();
        // Only the recording that completes the invoice gets here: one receipt per invoice.
        await issueDonationReceipt(trx, invoice.id);
        return { id: inserted.id, duplicate: false, paid: true };
      });
      if (outcome.paid) await deps.afterPaid(invoice.id);
      const [payment] = await paymentsOf(sql`p.id = ${outcome.id}`);
      if (!payment) throw new Error('the recorded payment is gone');
      return { payment: toPayment(payment), duplicate: outcome.duplicate };
    },
  };
}
