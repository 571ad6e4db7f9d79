import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import type { TestDatabase } from '@auction/platform/testing';
import { describe, expect, it } from 'vitest';
import {
  createLotCommandHandler,
  evolve,
  initialState,
  type LotEvent,
  lotStreamId,
  type PostgresEventStore,
  type RecordedEvent,
  STREAM_MOVED,
  standing,
} from '../../src/index.ts';
import { useEventStore } from '../store/useEventStore.ts';
import { envelope, lotConfig, NOW } from './lotFixtures.ts';

let database: TestDatabase;
let store: PostgresEventStore;

useEventStore((started) => {
  ({ database, store } = started);
});

async function openLot(lotId: string) {
  const handler = createLotCommandHandler(store);
  const outcome = await handler.handle(lotStreamId(lotId), {
    ...envelope(`open-${lotId}`, NOW - 1000),
    type: 'OpenLot',
    config: lotConfig(lotId),
  });
  expect(outcome.ok).toBe(true);
  return handler;
}

function replay(events: RecordedEvent[]) {
  return events.reduce((state, event) => evolve(state, event as unknown as LotEvent), initialState());
}

function expectDenseVersions(events: RecordedEvent[]) {
  expect(events.map((e) => e.streamVersion)).toEqual(events.map((_, i) => i + 1));
}

describe('lot command handler', () => {
  it('decides a command given an expected version only on that version, its key left free otherwise', async () => {
    const handler = await openLot('previewed');
    const stream = lotStreamId('previewed');
    const bid = { ...envelope('pv-bid', NOW), type: 'PlaceBid' as const, bidderId: 'ann', amount: 1000 };
    expect(await handler.handle(stream, bid)).toMatchObject({ ok: true, version: 2 });
    // Another process (or another request) moves the stream after the preview read version 2.
    const other = createLotCommandHandler(store);
    await other.handle(stream, { ...envelope('pv-bid-2', NOW + 1), type: 'PlaceBid', bidderId: 'bob', amount: 1200 });

    const removal = { ...envelope('pv-remove', NOW + 2), type: 'RemoveBid' as const, bidId: 'pv-bid#0', reason: 'r' };
    expect(await handler.handle(stream, removal, { expectedVersion: 2 })).toEqual({ ok: false, reason: STREAM_MOVED });
    expect(await store.readStream(stream)).toHaveLength(3);
    // The same key on the current version is decided, then a retry answers it whatever the version.
    expect(await handler.handle(stream, removal, { expectedVersion: 3 })).toMatchObject({ ok: true, version: 4 });
    expect(await handler.handle(stream, removal, { expectedVersion: 3 })).toMatchObject({ ok: true, duplicate: true });
    expect(await store.readStream(stream)).toHaveLength(4);
  });

  it('decides concurrent bids on one lot one after another and loses, duplicates or reorders nothing', async () => {
    const handler = await openLot('hot');
    const bids = Array.from({ length: 300 }, (_, i) => ({
      ...envelope(`hot-${i}`, NOW + i),
      type: 'PlaceBid' as const,
      bidderId: `b${i % 11}`,
      amount: 1000 + (i % 150) * 100,
    }));
    const outcomes = await Promise.all(bids.map((bid) => handler.handle(lotStreamId('hot'), bid)));

    const stream = await store.readStream(lotStreamId('hot'));
    expectDenseVersions(stream);
    const acknowledged = outcomes.flatMap((o) => (o.ok ? o.events : []));
    const bidEvents = stream.filter((e) => e.type === 'BidPlaced');
    expect(bidEvents.map((e) => e.globalPosition)).toEqual(acknowledged.map((e) => e.globalPosition));
    expect(new Set(bidEvents.map((e) => e.meta.commandId)).size).toBe(bidEvents.length);
    // Submission order is decision order: accepted amounts strictly increase.
    const amounts = bidEvents.map((e) => (e.data as { amount: number }).amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(new Set(amounts).size).toBe(amounts.length);
    expect(outcomes.filter((o) => !o.ok).every((o) => !o.ok && o.reason === 'bid_too_low')).toBe(true);

    // Group commit: far fewer appends (transactions) than accepted commands.
    const { rows } = await database.pool.query(
      'SELECT count(DISTINCT transaction_id)::int AS n FROM events WHERE stream_id = $1',
      [lotStreamId('hot')],
    );
    expect(rows[0].n).toBeLessThan(bidEvents.length);

    const cached = await handler.read(lotStreamId('hot'));
    expect(standing(replay(stream))).toEqual(standing(cached.state));
  });

  it('answers a retried command with its first outcome and appends nothing new', async () => {
    const handler = await openLot('retry');
    const bid = { ...envelope('retry-bid', NOW), type: 'PlaceBid' as const, bidderId: 'alice', amount: 1500 };
    const [first, concurrent] = await Promise.all([
      handler.handle(lotStreamId('retry'), bid),
      handler.handle(lotStreamId('retry'), bid),
    ]);
    const later = await createLotCommandHandler(store).handle(lotStreamId('retry'), bid);
    expect(first.ok && concurrent.ok && later.ok).toBe(true);
    if (!first.ok || !later.ok || !concurrent.ok) return;
    expect(later.duplicate).toBe(true);
    expect(later.events.map((e) => e.globalPosition)).toEqual(first.events.map((e) => e.globalPosition));
    expect(concurrent.events.map((e) => e.globalPosition)).toEqual(first.events.map((e) => e.globalPosition));
    expect((await store.readStream(lotStreamId('retry'))).filter((e) => e.type === 'BidPlaced')).toHaveLength(1);

    const low = { ...envelope('retry-low', NOW + 1), type: 'PlaceBid' as const, bidderId: 'bob', amount: 1000 };
    expect(await handler.handle(lotStreamId('retry'), low)).toEqual({ ok: false, reason: 'bid_too_low' });
    expect(await handler.handle(lotStreamId('retry'), low)).toEqual({ ok: false, reason: 'bid_too_low' });
  });

  it('keeps two handlers with separate caches consistent through version conflicts', async () => {
    const a = await openLot('two');
    const b = createLotCommandHandler(store);
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        (i % 2 ? a : b).handle(lotStreamId('two'), {
          ...envelope(`two-${i}`, NOW + i),
          type: 'PlaceBid',
          bidderId: `b${i % 5}`,
          amount: 1000 + i * 100,
        }),
      ),
    );
    const stream = await store.readStream(lotStreamId('two'));
    expectDenseVersions(stream);
    const acknowledged = outcomes.flatMap((o) => (o.ok ? o.events.map((e) => e.meta.commandId) : []));
    expect(
      stream
        .filter((e) => e.type === 'BidPlaced')
        .map((e) => e.meta.commandId)
        .sort(),
    ).toEqual(acknowledged.sort());
  });

  it('loses nothing when two OS processes bid on the same lot', async () => {
    await openLot('procs');
    const script = resolve(import.meta.dirname, 'processes/bidderProcess.ts');
    const run = (prefix: string) =>
      new Promise<string[]>((done, fail) => {
        const child = spawn(process.execPath, ['--import', 'tsx', script, database.url, 'procs', prefix, '80'], {
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let out = '';
        child.stdout.on('data', (chunk) => {
          out += chunk;
        });
        child.on('exit', (code) => (code === 0 ? done(JSON.parse(out) as string[]) : fail(new Error(`exit ${code}`))));
      });
    const [one, two] = await Promise.all([run('p1'), run('p2')]);
    const acknowledged = [...one, ...two].sort();
    expect(acknowledged.length).toBeGreaterThan(0);

    const stream = await store.readStream(lotStreamId('procs'));
    expectDenseVersions(stream);
    const appended = stream.filter((e) => e.type === 'BidPlaced').map((e) => e.meta.commandId);
    expect(new Set(appended).size).toBe(appended.length);
    expect([...appended].sort()).toEqual(acknowledged);
    const amounts = stream.filter((e) => e.type === 'BidPlaced').map((e) => (e.data as { amount: number }).amount);
    expect(amounts).toEqual([...amounts].sort((x, y) => x - y));
  });
});
