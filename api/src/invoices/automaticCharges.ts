import { type Db, type QueueOptions, queueLocation } from '@auction/platform';
import { INVOICE_CHARGES_QUEUE, type InvoiceChargesJob } from '@auction/platform/invoices';
import { type Job, Worker } from 'bullmq';
import type { InvoicePayments } from './invoicePayments.ts';
import type { InvoiceRepository } from './invoiceRepository.ts';

export type AutomaticChargeOutcome = { invoiceId: number; outcome: 'paid' | 'processing' | 'refused'; reason?: string };

/**
 * Automatic charging at completion (docs/payments.md "Automatic charging"): each invoice the
 * workers generated as `pending` is claimed (pending → attempted, one UPDATE, so a job run twice
 * or two workers at once attempt it once) and then charged through the bidder's own payment path
 * (`invoicePayments.pay`, keyed by the invoice's attempt: never a second charge). A refusal (no
 * card selected, a declined or expired card) leaves the invoice unpaid for the bidder to pay by
 * hand; it is not retried.
 */
export function automaticCharges(deps: { db: Db; invoices: InvoiceRepository; payments: InvoicePayments }) {
  return {
    async chargeAuction(auctionId: number): Promise<AutomaticChargeOutcome[]> {
      const pending = await deps.db
        .selectFrom('invoices')
        .select('id')
        .where('auction_id', '=', auctionId)
        .where('automatic_charge', '=', 'pending')
        .orderBy('id')
        .execute();
      const outcomes: AutomaticChargeOutcome[] = [];
      for (const { id } of pending) {
        const claimed = await deps.db
          .updateTable('invoices')
          .set({ automatic_charge: 'attempted' })
          .where('id', '=', id)
          .where('automatic_charge', '=', 'pending')
          .returning('id')
          .executeTakeFirst();
        if (!claimed) continue;
        const invoice = await deps.invoices.byId(id);
        if (!invoice) continue;
        try {
          const result = await deps.payments.pay(invoice, invoice.bidder_id, undefined);
          outcomes.push({ invoiceId: id, outcome: result.isPaid ? 'paid' : 'processing' });
        } catch (error) {
          outcomes.push({
            invoiceId: id,
            outcome: 'refused',
            reason: error instanceof Error ? error.message : 'error',
          });
        }
      }
      return outcomes;
    },
  };
}

export type AutomaticCharges = ReturnType<typeof automaticCharges>;

/** The `invoice-charges` queue's worker, in the API process (it holds the Stripe credentials). */
export function startAutomaticChargesWorker(
  charges: AutomaticCharges,
  options: QueueOptions,
): Worker<InvoiceChargesJob> {
  return new Worker<InvoiceChargesJob>(
    INVOICE_CHARGES_QUEUE,
    async (job: Job<InvoiceChargesJob>) => charges.chargeAuction(job.data.auctionId),
    { ...queueLocation(options), concurrency: 2 },
  );
}
