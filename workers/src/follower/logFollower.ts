import {
  type Checkpoint,
  loadCheckpoint,
  PostgresEventStore,
  type RecordedEvent,
  saveCheckpoint,
} from '@auction/engine';
import { type Db, interruptibleSleep } from '@auction/platform';
import { sql } from 'kysely';
import type pg from 'pg';

export interface LogFollowerOptions {
  pool: pg.Pool;
  db: Db;
  /** Its row in `subscription_checkpoints`. */
  subscriptionId: string;
  /** PostgreSQL advisory lock key: one follower of this subscription applies, the others stand by. */
  lockKey: number;
  /** Must be idempotent: a batch is handled again when the process dies before its checkpoint. */
  handle(events: RecordedEvent[]): Promise<void>;
  batchSize?: number;
  pollIntervalMs?: number;
  standbyRetryMs?: number;
  onError?: (error: unknown) => void;
}

export interface LogFollower {
  /** Resolves once every event committed before the call has been handled. */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Follows the event log with the engine's safe read (transaction id watermark) from its own
 * checkpoint, and saves the checkpoint after each handled batch: delivery is at least once, so
 * handlers are idempotent (deterministic job ids, deduplicated messages). Several worker processes
 * may each start one; a session advisory lock lets one handle while the others wait, and one of
 * them takes over when its process or connection dies.
 */
export function startLogFollower(options: LogFollowerOptions): LogFollower {
  const store = new PostgresEventStore(options.pool, { batchAppends: false });
  const batchSize = options.batchSize ?? 500;
  const pollIntervalMs = options.pollIntervalMs ?? 50;
  const standbyRetryMs = options.standbyRetryMs ?? 250;
  const report = options.onError ?? ((error: unknown) => console.error(`[${options.subscriptionId}]`, error));
  let stopped = false;
  const { sleep, wakeAll } = interruptibleSleep();

  async function followWhileHolding(): Promise<void> {
    let checkpoint: Checkpoint = await loadCheckpoint(options.pool, options.subscriptionId);
    while (!stopped) {
      const batch = await store.readAll(checkpoint, batchSize);
      if (batch.events.length === 0) {
        await sleep(pollIntervalMs);
        continue;
      }
      await options.handle(batch.events);
      await saveCheckpoint(options.pool, options.subscriptionId, batch.checkpoint);
      checkpoint = batch.checkpoint;
    }
  }

  const loop = (async () => {
    while (!stopped) {
      try {
        // The lock lives on one pinned connection: losing the connection releases it for a standby.
        await options.db.connection().execute(async (conn) => {
          while (!stopped) {
            const { rows } = await sql<{
              locked: boolean;
            }>`SELECT pg_try_advisory_lock(${options.lockKey}) AS locked`.execute(conn);
            if (rows[0]?.locked) break;
            await sleep(standbyRetryMs);
          }
          if (stopped) return;
          try {
            await followWhileHolding();
          } finally {
            await sql`SELECT pg_advisory_unlock(${options.lockKey})`.execute(conn).catch(() => undefined);
          }
        });
      } catch (error) {
        report(error);
        if (!stopped) await sleep(Math.max(standbyRetryMs, 250));
      }
    }
  })();

  return {
    async stop() {
      stopped = true;
      wakeAll();
      await loop;
    },
    async caughtUp() {
      const target = await options.db
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
          FROM subscription_checkpoints WHERE subscription_id = ${options.subscriptionId}`.execute(options.db);
        if (rows[0]?.done) return;
        if (stopped) throw new Error(`${options.subscriptionId} stopped before catching up`);
        await new Promise((resolve) => setTimeout(resolve, pollIntervalMs));
      }
    },
  };
}
