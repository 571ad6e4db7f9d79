import { INVOICE_CHARGES_QUEUE } from './invoices/invoiceChargesQueue.ts';
import { AUCTION_LIFECYCLE_QUEUE, CLOSINGS_QUEUE } from './lifecycle/lifecycleJobs.ts';
import { MESSAGES_QUEUE } from './messages/messageJob.ts';

/** The audit log's signed checkpoints, taken periodically (docs/audit.md). */
export const AUDIT_CHECKPOINTS_QUEUE = 'audit-checkpoints';

/** The periodic removal of stored photos no row names any more (docs/operator-api.md "Lot photos"). */
export const PHOTO_COLLECTION_QUEUE = 'photo-collection';

/**
 * The periodic sweep of payment attempts left open (docs/payments.md "Attempts left open"), run by
 * the API, which holds the Stripe credentials.
 */
export const PAYMENT_ATTEMPTS_QUEUE = 'payment-attempts';

/** Every queue the workers (and the API's Stripe jobs) consume, for the bull-board dashboard: what waits, runs late or failed. */
export const workerQueueNames = [
  MESSAGES_QUEUE,
  CLOSINGS_QUEUE,
  AUCTION_LIFECYCLE_QUEUE,
  INVOICE_CHARGES_QUEUE,
  AUDIT_CHECKPOINTS_QUEUE,
  PHOTO_COLLECTION_QUEUE,
  PAYMENT_ATTEMPTS_QUEUE,
] as const;
