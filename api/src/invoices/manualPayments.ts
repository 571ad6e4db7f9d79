import {
  type AuctionInvoice,
  type AuctionInvoiceRequest,
  type AuctionInvoices,
  type ConsoleRefund,
  type InvoiceState,
  InvoiceStatus,
  type ManualPayment,
  type ManualPaymentBody,
  type ManualPaymentCancellationBody,
} from '@auction/contract';
import type { Database, Db } from '@auction/platform';
import { sql, type Transaction } from 'kysely';
import { isOwnInvoice } from '../authorization/invoiceAccess.ts';
import { keyReusedOn } from '../commandId.ts';
import { HttpError } from '../errors.ts';
import { byInvoice } from './byInvoice.ts';
import { issueDonationReceipt, voidReceiptInForce } from './donationReceipts.ts';
import { GIVING_BACK, refundedCents } from './invoiceDto.ts';
import { invoiceLineCosts, refundedByLine } from './invoiceLines.ts';
import { invoiceFilters, invoiceOrder, invoiceState, invoicesWithPaid } from './invoiceListSql.ts';
import type { InvoiceRow } from './invoiceRepository.ts';
import { cardChargesOf, dueCents, refundedCentsOf } from './invoiceSums.ts';
import { cancellationRefusal } from './paymentCancellation.ts';
import { refundableAtOnce, refundableOnCards } from './refundCharge.ts';

/**
 * Payments made outside the product: cash or a cheque handed over at the gala (docs/payments.md
 * "Payments recorded by hand"). Recorded in a transaction holding the invoice row, like the card
 * path's claim, so a recording and a card payment cannot both settle the same amount:
 *
 * - a paid invoice refuses (409 `invoice_already_paid`), as does one whose card payment is being
 *   charged right now (409 `payment_in_progress`);
 * - more than is still due refuses (422 `payment_exceeds_amount_due`), nothing recorded;
 * - the command id names the recording, scoped to the user who sent it (DESIGN.md §7): the same id
 *   again answers the first recording (another invoice, amount, method or note with it: 422
 *   `idempotency_key_reused`); another user's same id is their own recording;
 * - once the recordings reach the total, the invoice is paid in the same transaction, its donation
 *   receipt issued, and its paid email sent after the commit, once, as for a card payment.
 *
 * The card path charges only what is still due (`dueCents`).
 *
 * A recording can be cancelled while no card payment is being charged (docs/payments.md
 * "Cancelling a payment recorded by hand"): the row stays with who cancelled it, when and why, and
 * pays nothing from then on; its command id is the cancelling user's, as a recording's is. A paid
 * invoice goes back to unpaid in the same transaction and its donation receipt is voided; the
 * bidder is told after the commit. When a card paid the rest, the card path charges the amount
 * owed again ("A second card charge").
 */
export interface ManualPayments {
  record(
    invoice: InvoiceRow,
    userId: string,
    request: ManualPaymentBody,
  ): Promise<{ payment: ManualPayment; duplicate: boolean }>;
  cancel(
    invoice: InvoiceRow,
    paymentId: number,
    userId: string,
    request: ManualPaymentCancellationBody,
  ): Promise<{ payment: ManualPayment; duplicate: boolean }>;
  /** Every invoice of the auction with what is paid and due, and the auction's totals. */
  /** One page of the auction's invoices, filtered and sorted, with the auction's totals. */
  /** `viewerId`: the staff member reading, told which invoices bill them (`ownInvoice`). */
  ofAuction(auctionId: number, request: AuctionInvoiceRequest, viewerId: string): Promise<AuctionInvoices>;
  one(invoiceId: number, viewerId: string): Promise<AuctionInvoice>;
}

interface PaymentRow {
  id: number;
  invoice_id: number;
  amount: number;
  method: ManualPayment['method'];
  note: string | null;
  recorded_by_name: string | null;
  recorded_at: Date;
  cancelled_at: Date | null;
  cancelled_by_name: string | null;
  cancel_reason: string | null;
}

const toPayment = (row: PaymentRow): ManualPayment => ({
  id: row.id,
  amountCents: Number(row.amount),
  method: row.method,
  note: row.note,
  recordedBy: row.recorded_by_name,
  recordedAt: row.recorded_at.toISOString(),
  cancelledAt: row.cancelled_at?.toISOString() ?? null,
  cancelledBy: row.cancelled_by_name,
  cancelReason: row.cancel_reason,
});

const isStanding = (row: PaymentRow) => row.cancelled_at === null;

/** A paid invoice taken back to unpaid by the cancellation of a payment recorded by hand. */
export interface InvoiceReopening {
  invoiceId: number;
  paymentId: number;
  /** The cancelled payment's amount. */
  amountCents: number;
  /** What the invoice owes from then on. */
  dueCents: number;
  /** The receipt voided with it; null when the invoice had none. */
  voidedReceipt: number | null;
}

interface RefundRow {
  id: string;
  invoice_id: number;
  amount: number;
  reason: string;
  status: ConsoleRefund['status'];
  method: ConsoleRefund['method'];
  created_at: Date;
  requested_by_name: string | null;
  line_id: string | null;
}

const toRefund = (row: RefundRow): ConsoleRefund => ({
  id: row.id,
  amountCents: Number(row.amount),
  reason: row.reason,
  status: row.status,
  method: row.method,
  requestedBy: row.requested_by_name,
  requestedAt: row.created_at.toISOString(),
  lineId: row.line_id,
});

/** Whether a card payment is being charged on the invoice right now (it charges what was due when it began). */
async function paymentInProgress(trx: Transaction<Database>, invoiceId: number): Promise<boolean> {
  const open = await trx
    .selectFrom('payment_attempts')
    .select('id')
    .where('invoice_id', '=', invoiceId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return open !== undefined;
}

/** The unique indexes that scope a recording's and a cancellation's command id to its sender (migration 0045). */
const COMMAND_KEY_INDEXES = ['invoice_manual_payments_command_key', 'invoice_manual_payments_cancel_command_key'];

/** The same user's key sent at once for another invoice: that other request recorded it first. */
const recordedMeanwhile = keyReusedOn(...COMMAND_KEY_INDEXES);

/** Holds the invoice's row for the rest of the transaction and reads its status and total. */
const holdInvoice = (trx: Transaction<Database>, invoiceId: number) =>
  trx
    .selectFrom('invoices')
    .select(['status', 'total'])
    .where('id', '=', invoiceId)
    .forUpdate()
    .executeTakeFirstOrThrow();

export function manualPayments(deps: {
  db: Db;
  afterPaid: (invoiceId: number) => Promise<void>;
  /** Tells the bidder that a cancelled payment took their paid invoice back to unpaid. */
  afterReopened: (reopening: InvoiceReopening) => Promise<void>;
}): ManualPayments {
  const { db } = deps;
  /** A command's transaction: a unique violation of its sender's key answers 422, never a 500. */
  const underOwnKey = <T>(work: (trx: Transaction<Database>) => Promise<T>) =>
    db.transaction().execute(work).catch(recordedMeanwhile);

  const paymentsOf = (where: ReturnType<typeof sql>) =>
    sql<PaymentRow>`
      SELECT p.id, p.invoice_id, p.amount, p.method, p.note, p.recorded_at, p.cancelled_at, p.cancel_reason,
        nullif(trim(u.first_name || ' ' || u.last_name), '') AS recorded_by_name,
        nullif(trim(c.first_name || ' ' || c.last_name), '') AS cancelled_by_name
      FROM invoice_manual_payments p LEFT JOIN users u ON u.id = p.recorded_by
        LEFT JOIN users c ON c.id = p.cancelled_by
      WHERE ${where} ORDER BY p.recorded_at, p.id`
      .execute(db)
      .then((r) => r.rows);

  const refundsOf = (invoiceIds: ReturnType<typeof sql.join>) =>
    sql<RefundRow>`
      SELECT r.id, r.invoice_id, r.amount, r.reason, r.status, r.method, r.created_at, r.line_id,
        nullif(trim(u.first_name || ' ' || u.last_name), '') AS requested_by_name
      FROM invoice_refunds r LEFT JOIN users u ON u.id = r.requested_by
      WHERE r.invoice_id IN (${invoiceIds}) ORDER BY r.created_at DESC, r.id`
      .execute(db)
      .then((r) => r.rows);

  async function invoicesWhere(where: ReturnType<typeof sql>, viewerId: string): Promise<AuctionInvoice[]> {
    const { rows } = await sql<{
      id: number;
      public_id: string;
      bidder_id: string;
      number: number;
      customer_name: string;
      customer_email: string;
      is_donation: boolean;
      status: number;
      total: number;
      paid: number;
      state: InvoiceState;
      currency: string;
      created_at: Date;
      paid_at: Date | null;
      in_progress: boolean;
      receipt_number: number | null;
    }>`
      SELECT i.id, i.public_id, i.bidder_id, i.number, trim(u.first_name || ' ' || u.last_name) AS customer_name,
        u.username AS customer_email, i.is_donation, i.status, i.total, i.currency, i.created_at, i.paid_at,
        f.paid, ${invoiceState} AS state, EXISTS (SELECT 1 FROM payment_attempts a WHERE a.invoice_id = i.id AND a.status = 'open') AS in_progress,
        (SELECT d.number FROM donation_receipts d WHERE d.invoice_id = i.id AND d.voided_at IS NULL) AS receipt_number
      FROM ${invoicesWithPaid(where)}
      ORDER BY i.number`.execute(db);
    if (rows.length === 0) return [];
    const ids = sql.join(rows.map((r) => r.id));
    const invoiceIds = rows.map((r) => r.id);
    const [payments, refunds, lines, lineRefunds, charges] = await Promise.all([
      paymentsOf(sql`p.invoice_id IN (${ids})`),
      refundsOf(ids),
      invoiceLineCosts(db, invoiceIds),
      refundedByLine(db, invoiceIds),
      cardChargesOf(db, invoiceIds),
    ]);
    const paymentsByInvoice = byInvoice(payments, (p) => p.invoice_id);
    const refundsByInvoice = byInvoice(refunds, (r) => r.invoice_id);
    const chargesByInvoice = byInvoice(charges, (c) => c.invoiceId);
    const linesByInvoice = byInvoice(lines, (line) => line.invoiceId);
    return rows.map((row) => {
      const own = paymentsByInvoice.get(row.id) ?? [];
      const ownRefunds = refundsByInvoice.get(row.id) ?? [];
      const ownCharges = chargesByInvoice.get(row.id) ?? [];
      const total = Number(row.total);
      const manual = own.filter(isStanding).reduce((sum, p) => sum + Number(p.amount), 0);
      const paid = Number(row.paid);
      const isPaid = row.status === InvoiceStatus.Paid;
      const handRefunded = refundedCents(ownRefunds.filter((r) => r.method !== 'card'));
      return {
        stripeInvoiceId: row.public_id,
        number: row.number,
        customerName: row.customer_name,
        customerEmail: row.customer_email,
        isDonation: row.is_donation,
        status: row.status,
        totalCents: total,
        paidCents: paid,
        dueCents: total - paid,
        state: row.state,
        currency: row.currency,
        invoiceDate: row.created_at.toISOString(),
        paidAt: row.paid_at?.toISOString() ?? null,
        paymentInProgress: !isPaid && row.in_progress,
        manualPayments: own.map(toPayment),
        paymentsCancellable:
          cancellationRefusal({
            paymentInProgress: row.in_progress,
            handRefundedCents: handRefunded,
          }) === null,
        // Each kind of money goes back its own way: the card's on the card, the recordings' by hand.
        refundableCents: isPaid ? refundableOnCards(ownCharges) : 0,
        // One refund goes back through one charge (`chargeToRefund`).
        cardRefundableAtOnceCents: isPaid ? refundableAtOnce(ownCharges) : 0,
        handRefundableCents: isPaid ? Math.max(0, manual - handRefunded) : 0,
        refunds: ownRefunds.map(toRefund),
        lines: (linesByInvoice.get(row.id) ?? []).map((line) => ({
          id: line.id,
          kind: line.kind,
          lotNumber: line.lotNumber,
          description: line.description,
          costCents: line.costCents,
          cardFeeCents: line.cardFeeCents,
          refundableCents: isPaid ? Math.max(0, line.costCents - (lineRefunds.get(line.id) ?? 0)) : 0,
        })),
        receiptNumber: row.receipt_number,
        ownInvoice: isOwnInvoice({ userId: viewerId }, { bidderId: row.bidder_id }),
      };
    });
  }

  async function paymentById(id: number): Promise<ManualPayment> {
    const [payment] = await paymentsOf(sql`p.id = ${id}`);
    if (!payment) throw new Error('the recorded payment is gone');
    return toPayment(payment);
  }

  async function one(invoiceId: number, viewerId: string): Promise<AuctionInvoice> {
    const [invoice] = await invoicesWhere(sql`i.id = ${invoiceId}`, viewerId);
    if (!invoice) throw new HttpError(404, 'invoice_not_found');
    return invoice;
  }

  return {
    one,

    async ofAuction(auctionId, request, viewerId) {
      const where = invoiceFilters(request);
      const { rows } = await sql<{ count: number; invoices: number; raised: number; paid: number; currency: string }>`
        SELECT count(*) FILTER (WHERE ${where})::int AS count, count(*)::int AS invoices,
          coalesce(sum(i.total), 0)::bigint AS raised, coalesce(sum(f.paid), 0)::bigint AS paid,
          coalesce(max(i.currency), 'CAD') AS currency
        FROM ${invoicesWithPaid(sql`i.auction_id = ${auctionId}`)}`.execute(db);
      const figures = rows[0] ?? { count: 0, invoices: 0, raised: 0, paid: 0, currency: 'CAD' };
      const { rows: refunded } = await sql<{ cents: number }>`
        SELECT coalesce(sum(r.amount), 0)::bigint AS cents
        FROM invoice_refunds r JOIN invoices i ON i.id = r.invoice_id
        WHERE i.auction_id = ${auctionId} AND r.status IN (${sql.join(GIVING_BACK)})`.execute(db);
      // A page past the end (an invoice paid out of the filter meanwhile) answers the last one.
      const currentPage = Math.min(request.currentPage, Math.max(1, Math.ceil(figures.count / request.pageSize)));
      const { rows: page } = await sql<{ id: number; number: number }>`
        SELECT i.id, i.number FROM ${invoicesWithPaid(sql`i.auction_id = ${auctionId} AND ${where}`)}
        ORDER BY ${invoiceOrder(request)}
        LIMIT ${request.pageSize} OFFSET ${(currentPage - 1) * request.pageSize}`.execute(db);
      const found =
        page.length === 0 ? [] : await invoicesWhere(sql`i.id IN (${sql.join(page.map((row) => row.id))})`, viewerId);
      // An invoice's number is unique to its organisation, so it finds each of the page's rows.
      const byNumber = new Map(found.map((invoice) => [invoice.number, invoice]));
      const raisedCents = Number(figures.raised);
      const paidCents = Number(figures.paid);
      return {
        currency: figures.currency,
        raisedCents,
        paidCents,
        unpaidCents: raisedCents - paidCents,
        refundedCents: Number(refunded[0]?.cents ?? 0),
        invoices: page.flatMap((row) => byNumber.get(row.number) ?? []),
        count: figures.count,
        currentPage,
        invoiceCount: figures.invoices,
      };
    },

    async record(invoice, userId, request) {
      const outcome = await underOwnKey(async (trx) => {
        const current = await holdInvoice(trx, invoice.id);
        const note = request.note?.trim() || null;
        // The key is the user's own (DESIGN.md §7): another user's same key is another command.
        const same = await trx
          .selectFrom('invoice_manual_payments')
          .select(['id', 'invoice_id', 'amount', 'method', 'note'])
          .where('recorded_by', '=', userId)
          .where('command_id', '=', request.commandId)
          .executeTakeFirst();
        if (same) {
          // Another note is another request: answering the first would drop it without a word.
          if (
            same.invoice_id !== invoice.id ||
            Number(same.amount) !== request.amountCents ||
            same.method !== request.method ||
            same.note !== note
          ) {
            throw new HttpError(422, 'idempotency_key_reused');
          }
          return { id: same.id, duplicate: true, paid: false };
        }
        if (current.status === InvoiceStatus.Paid) throw new HttpError(409, 'invoice_already_paid');
        if (await paymentInProgress(trx, invoice.id)) throw new HttpError(409, 'payment_in_progress');
        const due = await dueCents(trx, invoice.id, current.total);
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
            note,
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
      return { payment: await paymentById(outcome.id), duplicate: outcome.duplicate };
    },

    async cancel(invoice, paymentId, userId, request) {
      const outcome = await underOwnKey(async (trx) => {
        const current = await holdInvoice(trx, invoice.id);
        const payment = await trx
          .selectFrom('invoice_manual_payments')
          .select(['id', 'amount', 'cancel_command_id'])
          .where('id', '=', paymentId)
          .where('invoice_id', '=', invoice.id)
          .executeTakeFirst();
        if (!payment) throw new HttpError(404, 'manual_payment_not_found');
        // The key is the user's own, as a recording's: another user's same key cancels for them.
        const same = await trx
          .selectFrom('invoice_manual_payments')
          .select(['id', 'cancel_reason'])
          .where('cancelled_by', '=', userId)
          .where('cancel_command_id', '=', request.commandId)
          .executeTakeFirst();
        if (same) {
          // Another recording, or another reason (which would be dropped), is another request.
          if (same.id !== paymentId || same.cancel_reason?.trim() !== request.reason.trim()) {
            throw new HttpError(422, 'idempotency_key_reused');
          }
          return { duplicate: true, reopening: null };
        }
        if (payment.cancel_command_id !== null) throw new HttpError(409, 'manual_payment_already_cancelled');
        const refusal = cancellationRefusal({
          paymentInProgress: await paymentInProgress(trx, invoice.id),
          handRefundedCents: await refundedCentsOf(trx, invoice.id, 'hand'),
        });
        if (refusal) throw new HttpError(409, refusal);
        await trx
          .updateTable('invoice_manual_payments')
          .set({
            cancelled_at: new Date(),
            cancelled_by: userId,
            cancel_reason: request.reason,
            cancel_command_id: request.commandId,
          })
          .where('id', '=', paymentId)
          .execute();
        if (current.status !== InvoiceStatus.Paid) return { duplicate: false, reopening: null };
        // It owes this payment again (the card path charges it, beside any card payment), and its
        // receipt is void until it is paid again.
        await trx
          .updateTable('invoices')
          .set({ status: InvoiceStatus.Unpaid, paid_at: null })
          .where('id', '=', invoice.id)
          .execute();
        const reopening: InvoiceReopening = {
          invoiceId: invoice.id,
          paymentId,
          amountCents: Number(payment.amount),
          dueCents: await dueCents(trx, invoice.id, current.total),
          voidedReceipt: await voidReceiptInForce(trx, invoice.id),
        };
        return { duplicate: false, reopening };
      });
      if (outcome.reopening) await deps.afterReopened(outcome.reopening);
      return { payment: await paymentById(paymentId), duplicate: outcome.duplicate };
    },
  };
}
