import { randomUUID } from 'node:crypto';
import type { TestDatabase } from '@auction/platform/testing';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { isCaughtUp, logHead } from '../../src/follow/caughtUp.ts';
import { loadCheckpoint, saveCheckpoint } from '../../src/follow/checkpoints.ts';
import { followLog, type LogFollower } from '../../src/follow/followLog.ts';
import { type RecordedEvent, START } from '../../src/store/eventStore.ts';
import type { PostgresEventStore } from '../../src/store/postgres/postgresEventStore.ts';
import { useEventStore } from '../store/useEventStore.ts';

const SUBSCRIPTION = 'follower-under-test';
const LOCK_KEY = 424_242;

let database: TestDatabase;
let store: PostgresEventStore;

useEventStore(
  (started) => {
    ({ database, store } = started);
  },
  { batchAppends: false },
);

/** One event in a stream of its own, each in its own transaction. */
async function append(count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    await store.appendToStream(
      `test-${id}`,
      [{ type: 'Noted', data: { id }, meta: { commandId: id, userId: null, at: Date.now() } }],
      0,
    );
  }
}

async function checkpointPosition(): Promise<number> {
  const row = await database.db
    .selectFrom('subscription_checkpoints')
    .select('global_position')
    .where('subscription_id', '=', SUBSCRIPTION)
    .executeTakeFirst();
  return Number(row?.global_position ?? 0);
}

/** The backend holding the follower's advisory lock (a key under 2^32 is its objid). */
async function lockHolder(): Promise<number | null> {
  const { rows } = await sql<{ pid: number }>`
    SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objid = ${LOCK_KEY} AND granted`.execute(database.db);
  return rows[0]?.pid ?? null;
}

async function until(condition: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the log follower', () => {
  it('keeps its checkpoint on the lock connection: a follower that lost it saves nothing, a standby takes over', async () => {
    await append(6);
    // The first follower blocks inside its first batch until told to go on.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const firstSeen: RecordedEvent[][] = [];
    const errors: unknown[] = [];
    const first: LogFollower = followLog({
      pool: database.pool,
      subscriptionId: SUBSCRIPTION,
      lockKey: LOCK_KEY,
      batchSize: 2,
      standbyRetryMs: 50,
      onError: (error) => errors.push(error),
      async handle(events) {
        firstSeen.push(events);
        if (firstSeen.length === 1) await gate;
      },
    });
    await until(() => firstSeen.length === 1);
    const holder = await lockHolder();
    expect(holder).not.toBeNull();

    const standbySeen: RecordedEvent[] = [];
    const standby = followLog({
      pool: database.pool,
      subscriptionId: SUBSCRIPTION,
      lockKey: LOCK_KEY,
      batchSize: 2,
      standbyRetryMs: 50,
      onError: () => {},
      async handle(events) {
        standbySeen.push(...events);
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(standbySeen).toEqual([]);

    // The lock's connection dies while the first follower is in the middle of a batch.
    await sql`SELECT pg_terminate_backend(${holder}::int)`.execute(database.db);
    await append(4);
    await until(async () => standbySeen.length >= 10);
    await standby.caughtUp();
    const afterTakeover = await checkpointPosition();
    const newHolder = await lockHolder();
    expect(newHolder).not.toBeNull();
    expect(newHolder).not.toBe(holder);

    // The first follower finishes its old batch: it can no longer save its (older) checkpoint.
    release();
    await until(() => errors.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await checkpointPosition()).toBe(afterTakeover);
    expect(await lockHolder()).toBe(newHolder);

    // It stands by; the standby keeps following.
    const before = firstSeen.length;
    await append(3);
    await standby.caughtUp();
    expect(firstSeen.length).toBe(before);
    expect(await checkpointPosition()).toBeGreaterThan(afterTakeover);

    await first.stop();
    await standby.stop();
  });

  it('resumes from a checkpoint another follower moved instead of writing over it', async () => {
    const subscriptionId = `${SUBSCRIPTION}-moved`;
    await append(4);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const batches: RecordedEvent[][] = [];
    const follower = followLog({
      pool: database.pool,
      subscriptionId,
      lockKey: LOCK_KEY + 1,
      onError: () => {},
      async handle(events) {
        batches.push(events);
        if (batches.length === 1) await gate;
      },
    });
    await until(() => batches.length === 1);
    // Meanwhile the checkpoint is moved past everything (a follower that held the lock in between).
    const last = await database.db
      .selectFrom('events')
      .select([sql<string>`transaction_id::text`.as('xid'), 'global_position'])
      .orderBy('events.transaction_id', 'desc')
      .orderBy('events.global_position', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    await sql`UPDATE subscription_checkpoints SET transaction_id = ${last.xid}::xid8, global_position = ${last.global_position}
      WHERE subscription_id = ${subscriptionId}`.execute(database.db);
    release();
    await follower.caughtUp();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const row = await database.db
      .selectFrom('subscription_checkpoints')
      .select('global_position')
      .where('subscription_id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    expect(Number(row.global_position)).toBe(Number(last.global_position));
    expect(batches).toHaveLength(1);
    await follower.stop();
  });
});

describe('the transactional mode', () => {
  const subscriptionId = `${SUBSCRIPTION}-transactional`;

  async function noted(): Promise<string[]> {
    const { rows } = await sql<{ key: string }>`
      SELECT key FROM hub_announcements WHERE key LIKE 'noted:%' ORDER BY key`.execute(database.db);
    return rows.map((r) => r.key);
  }

  it('commits the handler’s writes with the checkpoint, or neither; published after the commit', async () => {
    await append(3);
    const head = await logHead(database.pool);
    let failOnce = true;
    const errors: unknown[] = [];
    const committed: number[] = [];
    const follower = followLog<number>({
      pool: database.pool,
      subscriptionId,
      lockKey: LOCK_KEY + 2,
      pollIntervalMs: 10,
      standbyRetryMs: 20,
      onError: (error) => errors.push(error),
      transactional: true,
      async handle(events, transaction) {
        for (const event of events) {
          await transaction.query(`INSERT INTO hub_announcements (key) VALUES ($1) ON CONFLICT DO NOTHING`, [
            `noted:${event.globalPosition}`,
          ]);
        }
        if (failOnce) {
          failOnce = false;
          throw new Error('the batch fails once');
        }
        return events.length;
      },
      afterCommit(count) {
        committed.push(count);
      },
    });
    await follower.caughtUp();
    expect(errors).toHaveLength(1);
    expect(await isCaughtUp(database.pool, subscriptionId, head)).toBe(true);
    // The failed batch's rows were rolled back with its checkpoint, then written once by the retry.
    const total = committed.reduce((sum, n) => sum + n, 0);
    expect(await noted()).toHaveLength(total);
    expect(committed.length).toBeGreaterThan(0);
    await follower.stop();
  });

  it('follows a checkpoint moved under it without applying the batch it read', async () => {
    await append(2);
    const id = `${subscriptionId}-moved`;
    const head = await logHead(database.pool);
    if (!head) throw new Error('the log is empty');
    await saveCheckpoint(database.pool, id, head);
    const seen: RecordedEvent[] = [];
    const follower = followLog({
      pool: database.pool,
      subscriptionId: id,
      lockKey: LOCK_KEY + 3,
      pollIntervalMs: 10,
      transactional: true,
      async handle(events) {
        seen.push(...events);
      },
    });
    await follower.caughtUp();
    expect(seen).toEqual([]);
    // Moved back (a rebuild, an operator): it follows from there.
    await saveCheckpoint(database.pool, id, START);
    await until(() => seen.length > 0);
    await follower.caughtUp();
    await follower.stop();
  });
});

describe('caught up', () => {
  it('refuses to wait once its follower is stopped', async () => {
    const follower = followLog({
      pool: database.pool,
      subscriptionId: `${SUBSCRIPTION}-stopped`,
      lockKey: LOCK_KEY + 4,
      async handle() {},
    });
    await follower.stop();
    await append(1);
    await expect(follower.caughtUp()).rejects.toThrow(/stopped/);
  });

  it('compares the stored checkpoint with the log’s head', async () => {
    await append(1);
    const head = await logHead(database.pool);
    expect(head).not.toBeNull();
    expect(await isCaughtUp(database.pool, 'nobody-follows')).toBe(false);
    if (head) await saveCheckpoint(database.pool, 'nobody-follows', head);
    expect(await isCaughtUp(database.pool, 'nobody-follows')).toBe(true);
  });
});

describe('the checkpoint store', () => {
  it('starts at the start and keeps what is saved', async () => {
    expect(await loadCheckpoint(database.pool, 'projection-x')).toEqual(START);
    await saveCheckpoint(database.pool, 'projection-x', { transactionId: '1234', position: 42 });
    expect(await loadCheckpoint(database.pool, 'projection-x')).toEqual({ transactionId: '1234', position: 42 });
  });
});
