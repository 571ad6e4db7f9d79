import { type Checkpoint, PostgresEventStore, type RecordedEvent, START } from '@auction/engine';
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
 * them takes over when its process or connection dies. As in the projections runner, the
 * checkpoint is read and saved on the connection that holds the lock: once that connection is
 * gone (and the lock with it) this follower can no longer save anything and goes back to standby,
 * and each save is a compare-and-set on the row, so a follower that lost its lock never moves the
 * checkpoint back over a standby that took over.
 */
export function startLogFollower(options: LogFollowerOptions): LogFollower {
  const store = new PostgresEventStore(options.pool, { batchAppends: false });
  const batchSize = options.batchSize ?? 500;
  const pollIntervalMs = options.pollIntervalMs ?? 50;
  const standbyRetryMs = options.standbyRetryMs ?? 250;
  const report = options.onError ?? ((error: unknown) => console.error(`[${options.subscriptionId}]`, error));
  let stopped = false;
  const { sleep, wakeAll } = interruptibleSleep();

  /** Handles until stopped; the caller holds the lock on `conn`. */
  async function followWhileHolding(conn: Db): Promise<void> {
    await ensureCheckpoint(conn, options.subscriptionId);
    let checkpoint: Checkpoint = await readCheckpoint(conn, options.subscriptionId);
    while (!stopped) {
      const batch = await store.readAll(checkpoint, batchSize);
      if (batch.events.length === 0) {
        await sleep(pollIntervalMs);
        // Idle: also proves the lock's connection is still there.
        checkpoint = await readCheckpoint(conn, options.subscriptionId);
        continue;
      }
      await options.handle(batch.events);
      const from = checkpoint;
      checkpoint = await conn.transaction().execute(async (trx) => {
        const current = await readCheckpoint(trx, options.subscriptionId, { lock: true });
        // Another follower moved it (this one lost its lock for a while): resume from there.
        if (!sameCheckpoint(current, from)) return current;
        await writeCheckpoint(trx, options.subscriptionId, batch.checkpoint);
        return batch.checkpoint;
      });
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
            await followWhileHolding(conn);
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

function sameCheckpoint(a: Checkpoint, b: Checkpoint): boolean {
  return a.transactionId === b.transactionId && a.position === b.position;
}

/** The row must exist before a follower locks it: FOR UPDATE cannot lock a row that is not there. */
async function ensureCheckpoint(db: Db, subscriptionId: string): Promise<void> {
  await db
    .insertInto('subscription_checkpoints')
    .values({ subscription_id: subscriptionId, transaction_id: START.transactionId, global_position: 0 })
    .onConflict((oc) => oc.column('subscription_id').doNothing())
    .execute();
}

async function readCheckpoint(db: Db, subscriptionId: string, options: { lock?: boolean } = {}): Promise<Checkpoint> {
  let query = db
    .selectFrom('subscription_checkpoints')
    .select([sql<string>`transaction_id::text`.as('transaction_id'), 'global_position'])
    .where('subscription_id', '=', subscriptionId);
  if (options.lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? { transactionId: row.transaction_id, position: Number(row.global_position) } : START;
}

async function writeCheckpoint(db: Db, subscriptionId: string, checkpoint: Checkpoint): Promise<void> {
  await db
    .updateTable('subscription_checkpoints')
    .set({ transaction_id: checkpoint.transactionId, global_position: checkpoint.position, updated_at: sql`now()` })
    .where('subscription_id', '=', subscriptionId)
    .execute();
}
