import type pg from 'pg';
import type { Checkpoint, RecordedEvent } from '../store/eventStore.ts';
import { readAllOn } from '../store/postgres/postgresEventStore.ts';
import { waitUntilCaughtUp } from './caughtUp.ts';
import { ensureCheckpoint, loadCheckpoint, sameCheckpoint } from './checkpoints.ts';
import { interruptibleSleep } from './interruptibleSleep.ts';

interface FollowLogCommon {
  pool: pg.Pool;
  /** Its row in `subscription_checkpoints`. */
  subscriptionId: string;
  /** PostgreSQL advisory lock key: one follower of this subscription handles, the others stand by. */
  lockKey: number;
  /** Events read and handled per batch (default 500). */
  batchSize?: number;
  /** Pause when there is nothing new to read (default 50 ms). */
  pollIntervalMs?: number;
  /** How often a standby tries the lock (default 250 ms). */
  standbyRetryMs?: number;
  /** A failed batch (retried after a pause, the checkpoint unmoved) or a lost connection. Default: console.error. */
  onError?: (error: unknown) => void;
}

/**
 * At least once: the batch is handled, then the checkpoint saved. A process dying in between
 * handles the batch again, so the handler is idempotent (deterministic job ids, deduplicated
 * messages).
 */
export interface PlainFollow {
  transactional?: false;
  handle(events: RecordedEvent[]): Promise<void>;
}

/**
 * Once in effect: the handler writes on the follower's connection inside the transaction that
 * saves the checkpoint, so its rows and the checkpoint commit together or not at all (the read
 * models). `afterCommit` gets what the handler answered, once the batch is committed.
 */
export interface TransactionalFollow<T> {
  transactional: true;
  handle(events: RecordedEvent[], transaction: pg.ClientBase): Promise<T>;
  afterCommit?(result: T): Promise<void> | void;
}

export type FollowLogOptions<T = void> = FollowLogCommon & (PlainFollow | TransactionalFollow<T>);

export interface LogFollower {
  /** Resolves once every event committed before the call is handled, by whichever follower holds the lock. */
  caughtUp(): Promise<void>;
  /** Stops (finishing the batch in hand) and releases the lock for a standby. */
  stop(): Promise<void>;
  /** Whether this follower holds the lock (the others are standbys). */
  readonly active: boolean;
}

const TRY_LOCK = 'SELECT pg_try_advisory_lock($1) AS locked';
const UNLOCK = 'SELECT pg_advisory_unlock($1)';

/**
 * Follows the event log from the subscription's checkpoint with the store's safe read (in
 * transaction id order, below the oldest running transaction: an event whose transaction commits
 * late is never passed over). Several processes may each start one: a session advisory lock lets
 * one handle while the others stand by, and one of them takes over when its process or connection
 * dies.
 *
 * The lock, the reads and the checkpoint's saves share one pinned connection, so losing it loses
 * the lock and anything this follower could still save together: its next statement fails, and it
 * goes back to standby on a fresh connection. Each save is also a compare-and-set on the row
 * (locked, compared with the checkpoint the batch was read from), so a follower that lost its lock
 * for a while never moves the checkpoint back over the one that took over, and a checkpoint moved
 * by a rebuild or an operator is followed from where it was moved to.
 */
export function followLog<T = void>(options: FollowLogOptions<T>): LogFollower {
  const { pool, subscriptionId, lockKey } = options;
  const batchSize = options.batchSize ?? 500;
  const pollIntervalMs = options.pollIntervalMs ?? 50;
  const standbyRetryMs = options.standbyRetryMs ?? 250;
  const report = options.onError ?? ((error: unknown) => console.error(`[${subscriptionId}]`, error));
  let stopped = false;
  let active = false;
  const { sleep, wakeAll } = interruptibleSleep();

  /** One batch handled and its checkpoint saved; answers the checkpoint to read from next. */
  async function handleBatch(conn: pg.ClientBase, from: Checkpoint, events: RecordedEvent[], to: Checkpoint) {
    if (!options.transactional) await options.handle(events);
    let result: T | undefined;
    await conn.query('BEGIN');
    try {
      const current = await loadCheckpoint(conn, subscriptionId, { lock: true });
      // Another follower (or a rebuild, or an operator) moved it: start again from there.
      if (!sameCheckpoint(current, from)) {
        await conn.query('ROLLBACK');
        return current;
      }
      if (options.transactional) result = await options.handle(events, conn);
      await conn.query(
        `UPDATE subscription_checkpoints SET transaction_id = $2::xid8, global_position = $3, updated_at = now()
         WHERE subscription_id = $1`,
        [subscriptionId, to.transactionId, to.position],
      );
      await conn.query('COMMIT');
    } catch (error) {
      await conn.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
    if (options.transactional) await options.afterCommit?.(result as T);
    return to;
  }

  /** Handles until stopped; the caller holds the lock on `conn`. */
  async function followWhileHolding(conn: pg.ClientBase): Promise<void> {
    await ensureCheckpoint(conn, subscriptionId);
    let checkpoint = await loadCheckpoint(conn, subscriptionId);
    while (!stopped) {
      const batch = await readAllOn(conn, checkpoint, batchSize);
      if (batch.events.length === 0) {
        await sleep(pollIntervalMs);
        // Idle: pick up a checkpoint moved meanwhile; this also proves the lock's connection is there.
        checkpoint = await loadCheckpoint(conn, subscriptionId);
        continue;
      }
      checkpoint = await handleBatch(conn, checkpoint, batch.events, batch.checkpoint);
    }
  }

  /** Standby until the lock is ours; false when stopped first. */
  async function acquire(conn: pg.ClientBase): Promise<boolean> {
    while (!stopped) {
      const { rows } = await conn.query<{ locked: boolean }>(TRY_LOCK, [lockKey]);
      if (rows[0]?.locked) return true;
      await sleep(standbyRetryMs);
    }
    return false;
  }

  /** One session on a pinned connection: standby, then follow while it holds the lock. */
  async function session(): Promise<void> {
    const conn = await pool.connect();
    let broken = false;
    // A checked-out client's connection error has no other listener: it must not crash the process.
    const onConnectionError = () => {
      broken = true;
    };
    conn.on('error', onConnectionError);
    try {
      if (!(await acquire(conn))) return;
      active = true;
      try {
        await followWhileHolding(conn);
      } finally {
        active = false;
      }
    } finally {
      // A pooled connection keeps session locks: give it back without ours, or not at all.
      if (!broken) await conn.query(UNLOCK, [lockKey]).catch(() => (broken = true));
      conn.off('error', onConnectionError);
      conn.release(broken);
    }
  }

  const loop = (async () => {
    while (!stopped) {
      try {
        await session();
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
      await waitUntilCaughtUp(pool, subscriptionId, { pollIntervalMs, stopped: () => stopped });
    },
  };
}
