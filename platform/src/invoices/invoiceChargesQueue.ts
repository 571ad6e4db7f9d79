import { Queue } from 'bullmq';
import { type QueueOptions, queueLocation } from '../queueLocation.ts';

/**
 * Automatic charging (docs/payments.md "Automatic charging"): when an auction that charges winners
 * automatically is invoiced, the workers add one job naming it; the API processes it (it holds
 * the Stripe credentials) by charging each of its pending invoices through the bidder's own
 * payment path.
 */
export const INVOICE_CHARGES_QUEUE = 'invoice-charges';

export interface InvoiceChargesJob {
  auctionId: number;
}

export type InvoiceChargesQueue = Pick<Queue<InvoiceChargesJob>, 'add'>;

export function createInvoiceChargesQueue(options: QueueOptions): Queue<InvoiceChargesJob> {
  return new Queue<InvoiceChargesJob>(INVOICE_CHARGES_QUEUE, {
    ...queueLocation(options),
    defaultJobOptions: {
      attempts: 5,
      backoff: { type: 'exponential', delay: 5_000 },
      removeOnComplete: { age: 7 * 24 * 3600 },
      removeOnFail: false,
    },
  });
}

/** One job per auction: a second request while the first is kept adds nothing. */
export async function requestAutomaticCharges(queue: InvoiceChargesQueue, auctionId: number): Promise<void> {
  await queue.add('charge', { auctionId }, { jobId: `invoice-charges-${auctionId}` });
}
