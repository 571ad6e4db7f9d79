import { createTestDatabase, type TestDatabase } from '@auction/platform/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START } from '../../src/store/eventStore.ts';
import { loadCheckpoint, saveCheckpoint } from '../../src/store/postgres/checkpoints.ts';
import { PostgresEventStore } from '../../src/store/postgres/postgresEventStore.ts';
import { eventStoreContract, readToEnd } from './eventStoreContract.ts';

let database: TestDatabase;
let store: PostgresEventStore;

beforeAll(async () => {
  database = await createTestDatabase();
  store = new PostgresEventStore(database.pool);
});
afterAll(async () => {
  await database.drop();
});

eventStoreContract('PostgreSQL', () => store);

describe('PostgreSQL event store: late-committing transactions', () => {
  it('a plain position poll skips an event whose transaction commits late; the store does not', async () => {
    const start = (await readToEnd(store)).checkpoint;
    const startPosition = (
      await database.pool.query('SELECT coalesce(max(global_position), 0)::bigint AS p FROM events')
    ).rows[0].p;

    // Transaction A takes a position first but commits last.
    const slow = new pg.Client({ connectionString: database.url });
    await slow.connect();
    await slow.query('BEGIN');
    await slow.query(
      `INSERT INTO events (stream_id, stream_version, type, data, meta, command_id, command_seq)
       VALUES ('late-a', 1, 'Late', '{}', '{"commandId":"late-a","userId":null,"at":0}', 'late-a', 0)`,
    );
    await store.appendToStream(
      'late-b',
      [{ type: 'Early', data: {}, meta: { commandId: 'late-b', userId: null, at: 0 } }],
      0,
    );

    // The naive subscriber polls by position: it sees B and moves its checkpoint past A's position.
    const naive = await database.pool.query<{ global_position: number; stream_id: string }>(
      'SELECT global_position, stream_id FROM events WHERE global_position > $1 ORDER BY global_position',
      [startPosition],
    );
    expect(naive.rows.map((r) => r.stream_id)).toEqual(['late-b']);
    const naiveCheckpoint = naive.rows[0]?.global_position;

    // The store's read holds back: A's transaction is still running, so nothing after it is safe yet.
    const held = await store.readAll(start);
    expect(held.events.map((e) => e.streamId)).toEqual([]);

    await slow.query('COMMIT');
    await slow.end();

    const naiveAfter = await database.pool.query<{ stream_id: string }>(
      'SELECT stream_id FROM events WHERE global_position > $1 ORDER BY global_position',
      [naiveCheckpoint],
    );
    expect(naiveAfter.rows.map((r) => r.stream_id)).toEqual([]); // A is lost to the naive poll

    const safe = await store.readAll(start);
    expect(safe.events.map((e) => e.streamId)).toEqual(['late-a', 'late-b']);
  });

  it('persists a subscriber checkpoint', async () => {
    expect(await loadCheckpoint(database.pool, 'projection-x')).toEqual(START);
    await saveCheckpoint(database.pool, 'projection-x', { transactionId: '1234', position: 42 });
    expect(await loadCheckpoint(database.pool, 'projection-x')).toEqual({ transactionId: '1234', position: 42 });
  });
});
