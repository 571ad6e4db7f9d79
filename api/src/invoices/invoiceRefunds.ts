import { randomUUID } from 'node:crypto';
import { InvoiceStatus, type RefundMethod } from '@auction/contract';
import type { Database, Db } from '@auction/platform';
import type { Transaction } from 'kysely';
import type Stripe from 'stripe';
import { keyReusedOn } from '../commandId.ts';
import { HttpError } from '../errors.ts';
import type { StripeGateway } from '../payments/stripeGateway.ts';
import { type ReceiptReplacement, reissueAfterRefunds } from './donationReceipts.ts';
import { invoiceLineCosts, refundedByLine } from './invoiceLines.ts';
import type { InvoiceRow } from './invoiceRepository.ts';
import { cardChargesOf, manuallyPaidCents, refundedCentsOf } from './invoiceSums.ts';
import { chargeToRefund } from './refundCharge.ts';

type RefundStatus = 'pending' | 'succeeded' | 'failed' | 'canceled';

/** The metadata key naming our refund row on Stripe's Refund. */
export const REFUND_METADATA = 'invoiceRefundId';

/** The unique index that scopes a refund's command id to the user who sent it (migration 0042). */
const COMMAND_KEY_INDEX = 'invoice_refunds_command_key';

export interface RefundRequest {
  amountCents: number;
  reason: string;
  commandId: string;
  /** `card` when absent. */
  method?: RefundMethod | undefined;
  /** The invoice line it takes back (a lot not delivered, a purchase returned); absent for the invoice as a whole. */
  lineId?: string | undefined;
}

export interface RefundRow {
  id: string;
  amount: number;
  reason: string;
  status: RefundStatus;
  method: RefundMethod;
  line_id: string | null;
  created_at: Date;
}

/**
 * Refunds of paid invoices (docs/payments.md "Refunds"), fully or partly, by the organisation's
 * staff. Like paying, the refund is recorded before Stripe is called, in a transaction holding the
 * invoice row, so two refunds at once cannot both pass the "not more than paid" check; its
 * command id, scoped to the user who sent it (DESIGN.md §7), names it (a retry finds the same row,
 * the same key with another request is 422 `idempotency_key_reused`), and the row keeps Stripe's
 * idempotency key, so a retry after a timeout refunds nothing more. Stripe's answer and its
 * webhooks (`refund.*`, `charge.refunded`) converge on the row; a settled refund never goes back
 * to pending. Each change of a refund's status brings the invoice's donation receipt in line in
 * the same transaction (`reissueAfterRefunds`, which leaves an unpaid invoice's alone); the donor
 * is told after the commit.
 *
 * Money paid by hand goes back by hand (docs/payments.md "Giving back money paid by hand"): the
 * organisation hands back cash or writes a cheque, then records it here with its method. Such a
 * refund is made when recorded (no Stripe call), up to what was paid by hand and not yet given
 * back, and brings the receipt in line in the transaction that records it. A card's refund is
 * limited to what the card paid: the two kinds never draw on each other's money. It goes back
 * through one charge (`chargeToRefund`): an invoice charged twice after a reopening has two.
 */
export interface InvoiceRefunds {
  refund(invoice: InvoiceRow, userId: string, request: RefundRequest): Promise<RefundRow>;
  /** Applies Stripe's state of a refund; answers the receipt it replaced, if it did. */
  applyRefund(trx: Transaction<Database>, refund: Stripe.Refund): Promise<ReceiptReplacement | null>;
  /** Tells the donor their receipt was replaced (after the commit; a failure is logged, not thrown). */
  announce(change: ReceiptReplacement): Promise<void>;
}

const statusOf = (refund: Stripe.Refund): RefundStatus =>
  refund.status === 'succeeded' || refund.status === 'failed' || refund.status === 'canceled'
    ? refund.status
    : 'pending';

/**
 * What a failed Stripe call for a refund means for its row: `inFlight`, another request is sending
 * this very refund right now (a double click: Stripe's 409 for a key in flight, the key being the
 * row's own), so this one answers the row as it stands, pending, as the payment path answers
 * "processing"; `refused`, Stripe refused it and gave nothing back, so the row fails and its amount
 * is refundable again; `unknown` (Stripe unreachable), the row stays pending and a retry with the
 * same command continues it.
 */
export function refundCallOutcome(error: unknown): 'inFlight' | 'refused' | 'unknown' {
  if (!(error instanceof HttpError)) return 'unknown';
  if (error.message === 'idempotency_key_reused') return 'inFlight';
  return error.statusCode === 503 ? 'unknown' : 'refused';
}

/**
 * A refund naming a line gives back at most what that line cost with its taxes, less the refunds
 * already naming it: beyond that it would be money of another line, which the receipt would then
 * wrongly leave standing. A line not on the invoice is 404 `invoice_line_not_found`.
 */
async function checkLineRefund(trx: Transaction<Database>, invoiceId: number, lineId: string, amountCents: number) {
  const line = (await invoiceLineCosts(trx, [invoiceId])).find((candidate) => candidate.id === lineId);
  if (!line) throw new HttpError(404, 'invoice_line_not_found');
  const refundable = line.costCents - ((await refundedByLine(trx, [invoiceId])).get(lineId) ?? 0);
  if (amountCents > refundable) {
    throw new HttpError(422, 'refund_exceeds_line_amount', { lineRefundableCents: Math.max(0, refundable) });
  }
}

export function invoiceRefunds(deps: {
  db: Db;
  stripe: StripeGateway;
  onReceiptReplaced?: (change: ReceiptReplacement) => Promise<void>;
}): InvoiceRefunds {
  const { db, stripe } = deps;
  const announce = async (change: ReceiptReplacement) => {
    await deps.onReceiptReplaced?.(change);
  };

  async function applyRefund(trx: Transaction<Database>, refund: Stripe.Refund): Promise<ReceiptReplacement | null> {
    const id = refund.metadata?.[REFUND_METADATA];
    if (!id || !/^[0-9a-f-]{36}$/.test(id)) return null;
    const status = statusOf(refund);
    const row = await trx
      .selectFrom('invoice_refunds')
      .select('invoice_id')
      .where('id', '=', id)
      // Only a card's refund has a Stripe Refund; one given back by hand is made once recorded.
      .where('method', '=', 'card')
      .executeTakeFirst();
    if (!row) return null;
    // The invoice's row first, as a claim, a payment and a cancellation take it: one order of
    // locks, and the receipt's change below sees the invoice as it stands.
    await trx.selectFrom('invoices').select('id').where('id', '=', row.invoice_id).forUpdate().execute();
    const before = await trx
      .selectFrom('invoice_refunds')
      .select('status')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const updated = await trx
      .updateTable('invoice_refunds')
      .set({ status, stripe_refund_id: refund.id, updated_at: new Date() })
      .where('id', '=', id)
      // Monotonic: pending → settled; a succeeded refund may still fail later at the bank.
      .where((eb) =>
        status === 'pending'
          ? eb('status', '=', 'pending')
          : eb.or([eb('status', '=', 'pending'), eb('status', '=', 'succeeded')]),
      )
      .returning('invoice_id')
      .executeTakeFirst();
    // The same state again (Stripe's answer and its webhooks, a redelivery, a late event) changes
    // no gift: the receipt is left as it is.
    if (!updated || before.status === status) return null;
    return reissueAfterRefunds(trx, updated.invoice_id);
  }

  /**
   * Records the refund (or finds the one this command already recorded). A refund by hand is made
   * once recorded, and its receipt change comes back with it.
   */
  async function claim(invoice: InvoiceRow, userId: string, request: RefundRequest) {
    const method = request.method ?? 'card';
    return db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('invoices')
        .select(['status'])
        .where('id', '=', invoice.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      // The key is the user's own (DESIGN.md §7): another user's, of this organisation or another,
      // is another command, and never tells that it exists.
      const same = await trx
        .selectFrom('invoice_refunds')
        .selectAll()
        .where('requested_by', '=', userId)
        .where('command_id', '=', request.commandId)
        .executeTakeFirst();
      const lineId = request.lineId ?? null;
      if (same) {
        if (
          same.invoice_id !== invoice.id ||
          same.amount !== request.amountCents ||
          same.method !== method ||
          same.line_id !== lineId ||
          same.reason.trim() !== request.reason.trim()
        ) {
          throw new HttpError(422, 'idempotency_key_reused');
        }
        return { row: same, change: null };
      }
      if (current.status !== InvoiceStatus.Paid) throw new HttpError(409, 'invoice_not_paid');
      if (lineId !== null) await checkLineRefund(trx, invoice.id, lineId, request.amountCents);
      const byCard = method === 'card';
      // A card's refund goes back through one charge, chosen now and kept on the row so that a
      // retry refunds through the same one.
      let paymentIntentId: string | null = null;
      if (byCard) {
        const choice = chargeToRefund(await cardChargesOf(trx, [invoice.id]), request.amountCents);
        if ('refusal' in choice) {
          const { refusal, ...room } = choice;
          throw new HttpError(422, refusal, room);
        }
        paymentIntentId = choice.paymentIntentId;
      } else {
        const refundable =
          (await manuallyPaidCents(trx, invoice.id)) - (await refundedCentsOf(trx, invoice.id, 'hand'));
        if (request.amountCents > refundable) {
          throw new HttpError(422, 'refund_exceeds_paid_amount', { refundableCents: Math.max(0, refundable) });
        }
      }
      const id = randomUUID();
      const row = await trx
        .insertInto('invoice_refunds')
        .values({
          id,
          invoice_id: invoice.id,
          command_id: request.commandId,
          requested_by: userId,
          amount: request.amountCents,
          reason: request.reason,
          method,
          line_id: lineId,
          payment_intent_id: paymentIntentId,
          // The row's own id: two users' refunds never share one at Stripe, whatever their command ids.
          stripe_idempotency_key: `invoice-refund-${id}`,
          // Handed back before it is recorded: made, with nothing for Stripe to confirm.
          ...(byCard ? {} : { status: 'succeeded' as const }),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { row, change: byCard ? null : await reissueAfterRefunds(trx, invoice.id) };
    });
  }

  /** The same user's key sent at once with another invoice: that other request recorded it first. */
  const recordedMeanwhile = keyReusedOn(COMMAND_KEY_INDEX);

  return {
    applyRefund,
    announce,
    async refund(invoice, userId, request) {
      const claimed = await claim(invoice, userId, request).catch(recordedMeanwhile);
      const { row } = claimed;
      let change = claimed.change;
      if (row.status === 'pending' && row.method === 'card' && row.payment_intent_id !== null) {
        try {
          const refund = await stripe.refund(
            { paymentIntentId: row.payment_intent_id, amount: row.amount, metadata: { [REFUND_METADATA]: row.id } },
            row.stripe_idempotency_key,
          );
          change = await db.transaction().execute((trx) => applyRefund(trx, refund));
        } catch (error) {
          const outcome = refundCallOutcome(error);
          if (outcome === 'refused') {
            await db
              .updateTable('invoice_refunds')
              .set({ status: 'failed', updated_at: new Date() })
              .where('id', '=', row.id)
              .where('status', '=', 'pending')
              .execute();
          }
          // In flight: the request sending it settles it; this one answers the row below.
          if (outcome !== 'inFlight') throw error;
        }
      }
      if (change) await announce(change);
      return db
        .selectFrom('invoice_refunds')
        .select(['id', 'amount', 'reason', 'status', 'method', 'line_id', 'created_at'])
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
    },
  };
}
