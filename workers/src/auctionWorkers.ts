import {
  createLotCommandHandler,
  followLog,
  type LogFollower,
  type LotCommandHandler,
  PostgresEventStore,
} from '@auction/engine';
import type { AuctionLifecycleJob } from '@auction/platform';
import {
  accountLinks,
  createAuctionLifecycleQueue,
  type Db,
  type MessageBatchQueue,
  publishHubEvent,
  type QueueOptions,
  queueLocation,
} from '@auction/platform';
import type { AnnouncementQueuing } from '@auction/platform/announcements';
import { createInvoiceChargesQueue } from '@auction/platform/invoices';
import type { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { HubTarget } from './closings/announceOnce.ts';
import { type ClosingJob, createClosingQueue } from './closings/closingJobs.ts';
import { createClosingScheduler } from './closings/closingScheduler.ts';
import { type ClosingResult, startClosingWorker } from './closings/closingWorker.ts';
import { type LifecycleResult, startLifecycleWorker } from './lifecycle/lifecycleWorker.ts';
import { createBidderNotifier } from './notifications/bidderNotifier.ts';
import { type SweepResult, sweep } from './recovery/sweep.ts';

/** Subscription ids in `subscription_checkpoints` and their advisory lock keys (the projections hold 7340001). */
export const CLOSINGS_SUBSCRIPTION = 'closings';
export const NOTIFICATIONS_SUBSCRIPTION = 'notifications';
const CLOSINGS_LOCK_KEY = 7_340_002;
const NOTIFICATIONS_LOCK_KEY = 7_340_003;

/** Where the queues live (QueueOptions), and what the workers need besides. */
export interface AuctionWorkersOptions extends QueueOptions {
  pool: pg.Pool;
  db: Db;
  /** Where hub events are published. */
  hubRedis: Redis;
  hubPrefix?: string;
  /** Outbid and winner messages, and scheduled announcements, go on it. */
  messages: MessageBatchQueue;
  publicUrl: string;
  /** The engine's command handler for closes; one of its own by default. */
  handler?: LotCommandHandler;
  closingConcurrency?: number;
  /** Completed → InvoiceGenerated this long after completion (default: the lifecycle's 5 minutes). */
  invoiceDelayMs?: number;
  /** Sweep again this often (default 5 minutes; 0: only at start). */
  sweepIntervalMs?: number;
  pollIntervalMs?: number;
  onError?: (error: unknown) => void;
}

export interface AuctionWorkers {
  closings: Queue<ClosingJob>;
  lifecycle: Queue<AuctionLifecycleJob>;
  closingWorker: Worker<ClosingJob, ClosingResult>;
  lifecycleWorker: Worker<AuctionLifecycleJob, LifecycleResult>;
  /** The start's sweep. */
  swept: Promise<SweepResult>;
  sweep(): Promise<SweepResult>;
  /** Resolves once both followers have handled every event committed before the call. */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Closings, auction lifecycle and bidder notifications for one workers process: the two followers
 * of the log (closing scheduler, notifier; one process handles each while the others stand by),
 * the `closings` and `auction-lifecycle` workers (every process takes jobs), and the recovery sweep
 * at start and every few minutes.
 */
export function startAuctionWorkers(options: AuctionWorkersOptions): AuctionWorkers {
  const { pool, db } = options;
  const store = new PostgresEventStore(pool);
  const handler = options.handler ?? createLotCommandHandler(store);
  const hub: HubTarget = { redis: options.hubRedis, ...(options.hubPrefix ? { prefix: options.hubPrefix } : {}) };
  const queueOptions = queueLocation(options);
  const closings = createClosingQueue(queueOptions);
  const lifecycle = createAuctionLifecycleQueue(queueOptions);
  // Its jobs are processed by the API, which holds the Stripe credentials (docs/payments.md).
  const invoiceCharges = createInvoiceChargesQueue(queueOptions);
  const report = options.onError ?? ((error: unknown) => console.error('[workers]', error));
  const announcements: AnnouncementQueuing = {
    db,
    messages: options.messages,
    links: accountLinks(options.publicUrl),
    async publish(auctionId, announcement) {
      // Queued already: a hub out of reach loses the live notice, not the messages (pages refetch).
      await publishHubEvent(hub.redis, auctionId, 'AuctionAnnouncement', announcement, hub.prefix).catch(report);
    },
  };

  const closingWorker = startClosingWorker({
    ...queueOptions,
    db,
    handler,
    queue: closings,
    hub,
    ...(options.closingConcurrency ? { concurrency: options.closingConcurrency } : {}),
  });
  const lifecycleWorker = startLifecycleWorker({
    ...queueOptions,
    db,
    handler,
    queue: lifecycle,
    hub,
    invoiceCharges,
    announcements,
    ...(options.invoiceDelayMs !== undefined ? { invoiceDelayMs: options.invoiceDelayMs } : {}),
  });
  // Plain mode: a batch is handled, then the checkpoint saved (at least once; both handlers are idempotent).
  const followerOptions = {
    pool,
    onError: report,
    ...(options.pollIntervalMs ? { pollIntervalMs: options.pollIntervalMs } : {}),
  };
  const followers: LogFollower[] = [
    followLog({
      ...followerOptions,
      subscriptionId: CLOSINGS_SUBSCRIPTION,
      lockKey: CLOSINGS_LOCK_KEY,
      handle: createClosingScheduler({ db, queue: closings, hub }),
    }),
    followLog({
      ...followerOptions,
      subscriptionId: NOTIFICATIONS_SUBSCRIPTION,
      lockKey: NOTIFICATIONS_LOCK_KEY,
      handle: createBidderNotifier({ db, store, messages: options.messages, publicUrl: options.publicUrl }),
    }),
  ];

  const runSweep = () => sweep({ db, handler, closings, lifecycle });
  const swept = runSweep();
  swept.catch(report);
  const interval = options.sweepIntervalMs ?? 5 * 60_000;
  const timer = interval > 0 ? setInterval(() => void runSweep().catch(report), interval) : undefined;

  return {
    closings,
    lifecycle,
    closingWorker,
    lifecycleWorker,
    swept,
    sweep: runSweep,
    async caughtUp() {
      await Promise.all(followers.map((follower) => follower.caughtUp()));
    },
    async stop() {
      clearInterval(timer);
      await swept.catch(() => undefined);
      await Promise.all(followers.map((follower) => follower.stop()));
      await Promise.all([closingWorker.close(), lifecycleWorker.close()]);
      await Promise.all([closings.close(), lifecycle.close(), invoiceCharges.close()]);
    },
  };
}
