import { randomUUID } from 'node:crypto';
import type { TestDatabase } from '@auction/platform/testing';
import { describe, expect, it } from 'vitest';
import { DuplicateCommandError, type NewEvent, WrongExpectedVersionError } from '../../src/store/eventStore.ts';
import type { PostgresEventStore } from '../../src/store/postgres/postgresEventStore.ts';
import { useEventStore } from './useEventStore.ts';

let database: TestDatabase;
let store: PostgresEventStore;

useEventStore((started) => {
  ({ database, store } = started);
});

const event = (n: number, commandId = randomUUID()): NewEvent => ({
  type: 'Counted',
  data: { n },
  meta: { commandId, userId: null, at: 1_700_000_000_000 + n },
});

async function transactionsOf(streams: string[]): Promise<Map<string, string>> {
  const { rows } = await database.pool.query<{ stream_id: string; transaction_id: string }>(
    'SELECT DISTINCT stream_id, transaction_id::text AS transaction_id FROM events WHERE stream_id = ANY($1)',
    [streams],
  );
  return new Map(rows.map((r) => [r.stream_id, r.transaction_id]));
}

describe('PostgreSQL event store: appends to many streams in one statement', () => {
  it('writes the appends made in one turn of the event loop together, each at its expected version', async () => {
    const streams = Array.from({ length: 12 }, () => `batch-${randomUUID()}`);
    const commandId = randomUUID();
    const results = await Promise.all(
      streams.map((id, i) =>
        // The last stream gets two events of one command: numbered 0 and 1 within it.
        store.appendToStream(id, i === streams.length - 1 ? [event(1, commandId), event(2, commandId)] : [event(1)], 0),
      ),
    );
    expect(results.map((r) => r.version)).toEqual(streams.map((_, i) => (i === streams.length - 1 ? 2 : 1)));
    for (const [i, id] of streams.entries()) {
      expect(results[i]?.events.map((e) => [e.streamId, e.streamVersion])).toEqual(
        results[i]?.events.map((_, v) => [id, v + 1]),
      );
      expect((await store.readStream(id)).map((e) => e.globalPosition)).toEqual(
        results[i]?.events.map((e) => e.globalPosition),
      );
    }
    expect((await store.readByCommandId(commandId)).map((e) => (e.data as { n: number }).n)).toEqual([1, 2]);
    // Shared by several streams: the twelve appends went in far fewer statements than twelve.
    const transactions = await transactionsOf(streams);
    expect(new Set(streams.map((id) => transactions.get(id))).size).toBeLessThanOrEqual(streams.length / 4);
  });

  it('refuses a stale or ahead stream inside a batch without holding back the others', async () => {
    const [stale, ahead, fine, any] = Array.from({ length: 4 }, () => `batch-${randomUUID()}`) as [
      string,
      string,
      string,
      string,
    ];
    for (const id of [stale, ahead, fine, any]) await store.appendToStream(id, [event(1)], 0);
    const outcomes = await Promise.allSettled([
      store.appendToStream(stale, [event(2)], 0),
      store.appendToStream(ahead, [event(2)], 5),
      store.appendToStream(fine, [event(2)], 1),
      store.appendToStream(any, [event(2)], 'any'),
    ]);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value.version : o.reason.constructor))).toEqual([
      WrongExpectedVersionError,
      WrongExpectedVersionError,
      2,
      2,
    ]);
    expect((await store.readStream(stale)).map((e) => e.streamVersion)).toEqual([1]);
    expect((await store.readStream(ahead)).map((e) => e.streamVersion)).toEqual([1]);
    const transactions = await transactionsOf([fine, any]);
    expect(transactions.get(fine)).toBe(transactions.get(any));
  });

  it('answers a repeated command id in a batch as a duplicate and still appends the others', async () => {
    const done = `batch-${randomUUID()}`;
    const commandId = randomUUID();
    await store.appendToStream(done, [event(1, commandId)], 0);
    const others = Array.from({ length: 3 }, () => `batch-${randomUUID()}`);
    const outcomes = await Promise.allSettled([
      store.appendToStream(`batch-${randomUUID()}`, [event(1, commandId)], 0),
      ...others.map((id) => store.appendToStream(id, [event(1)], 0)),
    ]);
    expect(outcomes[0]?.status === 'rejected' && outcomes[0].reason).toBeInstanceOf(DuplicateCommandError);
    expect(outcomes.slice(1).map((o) => o.status === 'fulfilled' && o.value.version)).toEqual([1, 1, 1]);
    expect(await store.readByCommandId(commandId)).toHaveLength(1);
  });
});
