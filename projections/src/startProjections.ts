import { type Checkpoint, PostgresEventStore } from '@auction/engine';
import { type Db, interruptibleSleep, publishHubEvents } from '@auction/platform';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type pg from 'pg';
import { applyEvents } from './applyEvents.ts';
import {
  ensureCheckpoint,
  lockCheckpoint,
  PROJECTIONS_SUBSCRIPTION,
  readCheckpoint,
  sameCheckpoint,
  writeCheckpoint,
} from './checkpoint.ts';
import type { HubMessage } from './hubMessages.ts';

/** Session advisory lock held by the one runner that applies; the key is arbitrary but fixed. */
export const PROJECTIONS_LOCK_KEY = 7_340_001;
const tryLock = sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(${PROJECTIONS_LOCK_KEY}) AS locked`;
const unlock = sql`SELECT pg_advisory_unlock(${PROJECTIONS_LOCK_KEY})`;

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
 * The read models' runner. It reads the store in (transaction id, position) order below the
 * oldest running transaction (the engine's safe read), applies each batch in one transaction that
 * also moves the checkpoint, then publishes the batch's hub events. Several runners may run (one
 * per worker process): a PostgreSQL advisory lock lets one apply while the others wait as standbys,
 * and one of them takes over when it stops or its connection dies.
 */
export function startProjections(options: ProjectionsOptions): Projections {
  const { pool, db, redis, hubPrefix } = options;
  const store = new PostgresEventStore(pool);
  const batchSize = options.batchSize ?? 500;
  const pollIntervalMs = options.pollIntervalMs ?? 50;
  const standbyRetryMs = options.standbyRetryMs ?? 250;
  const report = options.onError ?? ((error: unknown) => console.error('[projections]', error));
  let stopped = false;
  let active = false;
  const { sleep, wakeAll } = interruptibleSleep();

  /** The batch's hub events in one round trip, in order; each one that fails is reported, the others go out. */
  async function publish(messages: HubMessage[]): Promise<void> {
    if (!redis) return;
    const events = messages.map((m) => ({ auctionId: m.auctionId, event: m.name, data: m.data }));
    for (const outcome of await publishHubEvents(redis, events, hubPrefix)) {
      if (outcome instanceof Error) report(outcome);
    }
  }

  /** Applies until stopped; the caller holds the lock on `conn`. */
  async function applyWhileHolding(conn: Db): Promise<void> {
    await ensureCheckpoint(conn);
    let checkpoint: Checkpoint = await readCheckpoint(conn);
    while (!stopped) {
      const batch = await store.readAll(checkpoint, batchSize);
      if (batch.events.length === 0) {
        await sleep(pollIntervalMs);
        // Idle: pick up a checkpoint a rebuild or an operator moved (busy, the batch's check does).
        checkpoint = await readCheckpoint(conn);
        continue;
      }
      const outcome = await conn.transaction().execute(async (trx) => {
        const current = await lockCheckpoint(trx);
        // A rebuild (or another applier that lost its lock) moved the checkpoint: start again from it.
        if (!sameCheckpoint(current, checkpoint)) return { kind: 'moved' as const, checkpoint: current };
        const { hubMessages } = await applyEvents(trx, store, batch.events, { hub: redis !== undefined });
        await writeCheckpoint(trx, batch.checkpoint);
        return { kind: 'applied' as const, hubMessages };
      });
      if (outcome.kind === 'moved') {
        checkpoint = outcome.checkpoint;
        continue;
      }
      checkpoint = batch.checkpoint;
      await publish(outcome.hubMessages);
    }
  }

  /** Standby until the lock is ours; false when stopped first. */
  async function acquire(conn: Db): Promise<boolean> {
    while (!stopped) {
      const { rows } = await tryLock.execute(conn);
      if (rows[0]?.locked) return true;
      await sleep(standbyRetryMs);
    }
    return false;
  }

  const loop = (async () => {
    while (!stopped) {
      try {
        // One pinned connection holds the session lock and runs the batches, so losing the
        // connection loses the lock and the transaction in hand together.
        await db.connection().execute(async (conn) => {
          if (!(await acquire(conn))) return;
          active = true;
          try {
            await applyWhileHolding(conn);
          } finally {
            active = false;
            // A pooled connection keeps session locks: give it back without ours.
            await unlock.execute(conn).catch(() => undefined);
          }
        });
      } catch (error) {
        report(error);
        if (!stopped) await sleep(Math.max(standbyRetryMs, 250));
      }
    }
  })();

  return {
    get active() {
      return active;
    },
    async stop() {
      stopped = true;
      wakeAll();
      await loop;
    },
    async caughtUp() {
      // Ordered by the xid8 column itself: an output alias of the same name would sort its text.
      const target = await db
        .selectFrom('events')
        .select([sql<string>`transaction_id::text`.as('xid'), 'global_position'])
        .orderBy('events.transaction_id', 'desc')
        .orderBy('events.global_position', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!target) return;
      for (;;) {
        const { rows } = await sql<{ done: boolean }>`
          SELECT (transaction_id, global_position) >= (${target.xid}::xid8, ${target.global_position}::bigint) AS done
          FROM subscription_checkpoints WHERE subscription_id = ${PROJECTIONS_SUBSCRIPTION}`.execute(db);
        if (rows[0]?.done) return;
        if (stopped) throw new Error('projections stopped before catching up');
        await new Promise((resolve) => setTimeout(resolve, pollIntervalMs));
      }
    },
  };
}
