import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DuplicateCommandError,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
  START,
  WrongExpectedVersionError,
} from '../../src/store/eventStore.ts';

/** What every EventStore adapter must do; each adapter's test file runs it against a real server. */
export function eventStoreContract(name: string, getStore: () => EventStore): void {
  const stream = () => `contract-${randomUUID()}`;
  const event = (n: number, commandId = randomUUID()): NewEvent => ({
    type: 'Counted',
    data: { n },
    meta: { commandId, userId: 'u1', at: 1_700_000_000_000 + n },
  });

  describe(`${name}: event store contract`, () => {
    it('appends to a new stream and reads it back in order with dense versions', async () => {
      const store = getStore();
      const id = stream();
      const result = await store.appendToStream(id, [event(1), event(2), event(3)], 0);
      expect(result.version).toBe(3);
      const read = await store.readStream(id);
      expect(read.map((e) => [e.streamVersion, (e.data as { n: number }).n])).toEqual([
        [1, 1],
        [2, 2],
        [3, 3],
      ]);
      expect(read[0]?.meta).toEqual({ commandId: expect.any(String), userId: 'u1', at: 1_700_000_000_001 });
      expect((await store.readStream(id, 3)).map((e) => e.streamVersion)).toEqual([3]);
    });

    it('refuses an append at the wrong expected version and appends nothing', async () => {
      const store = getStore();
      const id = stream();
      await store.appendToStream(id, [event(1)], 0);
      await expect(store.appendToStream(id, [event(2)], 0)).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await expect(store.appendToStream(id, [event(2)], 5)).rejects.toBeInstanceOf(WrongExpectedVersionError);
      expect(await store.readStream(id)).toHaveLength(1);
    });

    it('lets exactly one of two racing writers win the same version', async () => {
      const store = getStore();
      const id = stream();
      const outcomes = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) => store.appendToStream(id, [event(i)], 0)),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect(await store.readStream(id)).toHaveLength(1);
    });

    it('is idempotent by command id: a second append of the command appends nothing', async () => {
      const store = getStore();
      const id = stream();
      const commandId = randomUUID();
      await store.appendToStream(id, [event(1, commandId), event(2, commandId)], 0);
      await expect(store.appendToStream(id, [event(1, commandId)], 2)).rejects.toBeInstanceOf(DuplicateCommandError);
      expect(await store.readStream(id)).toHaveLength(2);
      const first = await store.readByCommandId(commandId);
      expect(first.map((e) => (e.data as { n: number }).n)).toEqual([1, 2]);
    });

    it('appends with expected version any', async () => {
      const store = getStore();
      const id = stream();
      await store.appendToStream(id, [event(1)], 'any');
      const result = await store.appendToStream(id, [event(2)], 'any');
      expect(result.version).toBe(2);
    });

    it('reads all events in global order from a checkpoint', async () => {
      const store = getStore();
      const a = stream();
      const b = stream();
      await store.appendToStream(a, [event(1)], 0);
      const first = await readToEnd(store, START);
      await store.appendToStream(b, [event(2)], 0);
      await store.appendToStream(a, [event(3)], 1);
      const next = await store.readAll(first.checkpoint);
      expect(next.events.map((e) => [e.streamId, (e.data as { n: number }).n])).toEqual([
        [b, 2],
        [a, 3],
      ]);
      const after = await store.readAll(next.checkpoint);
      expect(after.events).toEqual([]);
      expect(after.checkpoint).toEqual(next.checkpoint);
    });

    it('delivers appended events to a subscriber in order, once', async () => {
      const store = getStore();
      const id = stream();
      const start = (await readToEnd(store, START)).checkpoint;
      const seen: RecordedEvent[] = [];
      const subscription = store.subscribe(
        async (events) => {
          seen.push(...events.filter((e) => e.streamId === id));
        },
        { from: start, pollIntervalMs: 10 },
      );
      for (let i = 1; i <= 5; i++) await store.appendToStream(id, [event(i)], i - 1);
      await waitFor(() => seen.length === 5);
      await subscription.stop();
      expect(seen.map((e) => e.streamVersion)).toEqual([1, 2, 3, 4, 5]);
    });

    it('lists streams by prefix', async () => {
      const store = getStore();
      const prefix = `list-${randomUUID()}-`;
      await store.appendToStream(`${prefix}2`, [event(1)], 0);
      await store.appendToStream(`${prefix}1`, [event(1)], 0);
      expect(await store.listStreams(prefix)).toEqual([`${prefix}1`, `${prefix}2`]);
    });
  });
}

export async function readToEnd(store: EventStore, from = START) {
  let checkpoint = from;
  const events: RecordedEvent[] = [];
  for (;;) {
    const batch = await store.readAll(checkpoint, 1000);
    events.push(...batch.events);
    checkpoint = batch.checkpoint;
    if (batch.events.length < 1000) return { events, checkpoint };
  }
}

export async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
