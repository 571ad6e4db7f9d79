import { followLog, PostgresEventStore } from '@auction/engine';
import { type Db, publishHubEvents } from '@auction/platform';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { applyEvents } from './applyEvents.ts';
import { dbOnConnection } from './followerConnection.ts';
import type { HubMessage } from './hubMessages.ts';

/** The read models' row in `subscription_checkpoints`. */
export const PROJECTIONS_SUBSCRIPTION = 'read-models';
/** Session advisory lock held by the one runner that applies; the key is arbitrary but fixed. */
export const PROJECTIONS_LOCK_KEY = 7_340_001;

export interface ProjectionsOptions {
  pool: pg.Pool;
  db: Db;
  /** When given, every projected event's hub events are published after its batch commits. */
  redis?: Redis;
  hubPrefix?: string;
  /** Events read and applied per transaction (default 500). */
  batchSize?: number;
  /** Pause when there is nothing new to read (default 50 ms). */
  pollIntervalMs?: number;
  /** How often a standby tries the lock (default 250 ms). */
  standbyRetryMs?: number;
  /** A failed batch or hub publication; the batch is retried after a pause. Default: console.error. */
  onError?: (error: unknown) => void;
}

export interface Projections {
  /** Stops applying (finishing the batch in hand) and releases the lock for a standby. */
  stop(): Promise<void>;
  /** Resolves once every event committed before the call is applied, by whichever runner holds the lock. */
  caughtUp(): Promise<void>;
  /** Whether this runner holds the lock (the others are standbys). */
  readonly active: boolean;
}

/**
 * The read models' runner: the engine's log follower in its transactional mode, so each batch's
 * rows and the checkpoint commit in one transaction, then the batch's hub events are published.
 * Several runners may run (one per worker process): one applies while the others stand by, and
 * one of them takes over when it stops or its connection dies (engine/src/follow/followLog.ts).
 */
export function startProjections(options: ProjectionsOptions): Projections {
  const { pool, redis, hubPrefix } = options;
  const store = new PostgresEventStore(pool);
  const report = options.onError ?? ((error: unknown) => console.error('[projections]', error));

  /** The batch's hub events in one round trip, in order; each one that fails is reported, the others go out. */
  async function publish(messages: HubMessage[]): Promise<void> {
    if (!redis) return;
    const events = messages.map((m) => ({
      auctionId: m.auctionId,
      event: m.name,
      data: m.data,
      forUserId: m.forUserId,
    }));
    for (const outcome of await publishHubEvents(redis, events, hubPrefix)) {
      if (outcome instanceof Error) report(outcome);
    }
  }

  return followLog<HubMessage[]>({
    pool,
    subscriptionId: PROJECTIONS_SUBSCRIPTION,
    lockKey: PROJECTIONS_LOCK_KEY,
    onError: report,
    ...(options.batchSize ? { batchSize: options.batchSize } : {}),
    ...(options.pollIntervalMs ? { pollIntervalMs: options.pollIntervalMs } : {}),
    ...(options.standbyRetryMs ? { standbyRetryMs: options.standbyRetryMs } : {}),
    transactional: true,
    async handle(events, transaction) {
      const trx = dbOnConnection(transaction);
      return (await applyEvents(trx, store, events, { hub: redis !== undefined })).hubMessages;
    },
    afterCommit: publish,
  });
}
