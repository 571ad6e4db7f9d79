import { Counter, Gauge, Histogram } from 'prom-client';
import { metricsRegistry } from './registry.ts';

/**
 * Every metric of the product, in one place; the code that feeds each one is named beside it.
 * docs/operations.md lists them, and docs/grafana-dashboard.json charts them.
 */
const registers = [metricsRegistry];

/** api/src/routes/bids.ts: every bidding call's answer, by outcome and the spec's message key. */
export const bidsTotal = new Counter({
  name: 'auction_bids_total',
  help: 'Bidding calls (bid, max bid, buy, max-bid changes) answered, by outcome and message key',
  labelNames: ['outcome', 'key'] as const,
  registers,
});

/** api/src/routes/bids.ts: from the checked request to the committed answer (or the refusal). */
export const bidAckSeconds = new Histogram({
  name: 'auction_bid_ack_seconds',
  help: 'Time to acknowledge a bidding call: checks, the engine decision and the append commit',
  labelNames: ['outcome'] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers,
});

/** engine's append batcher (through onAppendBatch): streams written by one append statement. */
export const appendBatchSize = new Histogram({
  name: 'auction_append_batch_size',
  help: 'Appends (one per stream) written together by one event store statement',
  buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048],
  registers,
});

/** projections' lag, read from the store at each scrape (watchProjectionLag). */
export const projectionLagEvents = new Gauge({
  name: 'auction_projection_lag_events',
  help: 'Events committed but not yet applied to the read models (counted up to 100000)',
  registers,
});
export const projectionLagSeconds = new Gauge({
  name: 'auction_projection_lag_seconds',
  help: 'Age of the oldest event not yet applied to the read models (0 when caught up)',
  registers,
});

/** api/src/hub: open WebSockets of this process. */
export const hubSockets = new Gauge({
  name: 'auction_hub_sockets',
  help: 'Open hub WebSockets on this API process',
  registers,
});

/** api/src/hub: frames written to the hub's sockets. */
export const hubFramesSent = new Counter({
  name: 'auction_hub_frames_sent_total',
  help: 'Frames written to hub WebSockets by this API process',
  registers,
});

/** BullMQ queues by state, read from Redis at each scrape (watchQueues). */
export const queueJobs = new Gauge({
  name: 'auction_queue_jobs',
  help: 'Jobs in a BullMQ queue by state (waiting, active, delayed, prioritized, failed)',
  labelNames: ['queue', 'state'] as const,
  registers,
});

/** BullMQ workers of this process: failed attempts (a job retried counts each attempt). */
export const jobFailures = new Counter({
  name: 'auction_job_failures_total',
  help: 'Failed job attempts in this workers process, by queue',
  labelNames: ['queue'] as const,
  registers,
});

/** workers/src/closings: from a lot's end to its close committed. */
export const closingLagSeconds = new Histogram({
  name: 'auction_closing_lag_seconds',
  help: "Time from a lot's end to its close being committed",
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers,
});

/** workers/src/media: stored photo files removed because no row names them any more. */
export const photoFilesCollected = new Counter({
  name: 'auction_photo_files_collected_total',
  help: 'Stored photo files removed by the workers because no row names them (after the grace period)',
  registers,
});

/**
 * api/src/invoices/staleAttempts.ts: payment attempts left open that the API's sweep settled from
 * Stripe (`settled`), closed as never charged (`closed`) or found still processing. Any of them
 * means an answer and its webhook were lost: worth a look at the webhook endpoint.
 */
export const paymentAttemptsSwept = new Counter({
  name: 'auction_payment_attempts_swept_total',
  help: 'Payment attempts left open that the sweep settled from Stripe, closed as never charged, or found processing',
  labelNames: ['outcome'] as const,
  registers,
});

/**
 * workers/src/audit: streams the latest checkpoint would not sign as they stand, because they no
 * longer extend what the previous checkpoint signed (docs/audit.md): history rewritten behind the
 * store. Anything above 0 is an alarm; `npm run audit:verify` names where.
 */
export const auditStreamsWithheld = new Gauge({
  name: 'auction_audit_streams_withheld',
  help: 'Streams the latest audit checkpoint held at their last signed head: they no longer extend what was signed',
  registers,
});
