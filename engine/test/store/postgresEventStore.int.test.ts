import type { TestDatabase } from '@auction/platform/testing';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { START } from '../../src/store/eventStore.ts';
import type { PostgresEventStore } from '../../src/store/postgres/postgresEventStore.ts';
import { eventStoreContract, readToEnd } from './eventStoreContract.ts';
import { useEventStore } from './useEventStore.ts';

let database: TestDatabase;
let store: PostgresEventStore;

useEventStore((started) => {
  ({ database, store } = started);
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

  it('reads across a power of ten of transaction ids in transaction order, batch after batch', async () => {
    // Transaction ids as text sort 100 before 98; the read must order them as numbers.
    for (const [version, xid] of [98, 99, 100, 101].entries()) {
      await database.pool.query(
        `INSERT INTO events (transaction_id, stream_id, stream_version, type, data, meta, command_id, command_seq)
         VALUES ($1::text::xid8, 'xid-order', $2, 'Tested', '{}', '{}', $3, 0)`,
        [String(xid), version + 1, `xid-order-${xid}`],
      );
    }
    const seen: number[] = [];
    let after = START;
    for (;;) {
      const batch = await store.readAll(after, 2);
      if (batch.events.length === 0) break;
      for (const event of batch.events) if (event.streamId === 'xid-order') seen.push(event.streamVersion);
      after = batch.checkpoint;
    }
    expect(seen).toEqual([1, 2, 3, 4]);
  });
});
