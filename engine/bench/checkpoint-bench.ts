import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, createPool, freePort, migrateToLatest, startEmbeddedPostgres } from '@auction/platform';
import { takeCheckpoint, verifyLog } from '../src/audit/index.ts';
import { PostgresEventStore } from '../src/index.ts';

/**
 * `npm run bench:checkpoint [-- --streams N --events M]`: what a signed checkpoint costs now that
 * it checks, before signing, that every stream changed since the previous checkpoint still extends
 * the head it signed (docs/audit.md "Checkpoints"). Three checkpoints over one log: the first
 * (nothing signed before: every stream read whole), one after a tenth of the streams grew by a
 * batch (only those read, from their signed version), one with nothing new. The full verifier's
 * time over the same log is printed beside them.
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1] ?? fallback) : fallback;
};
const STREAMS = option('streams', 500);
const EVENTS = option('events', 200);
const BATCH = 50;

const bid = (i: number) => ({
  type: 'BidPlaced',
  data: { bidId: `b${i}`, bidderId: 'u1', amount: 1000 + i * 100, isAutoBid: false, isMaxBid: false },
  meta: { commandId: randomUUID(), userId: 'u1', at: Date.UTC(2026, 10, 23) + i },
});

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

const dataDir = mkdtempSync(join(tmpdir(), 'checkpoint-bench-'));
const server = await startEmbeddedPostgres({
  dataDir: join(dataDir, 'pg'),
  port: await freePort(),
  database: 'bench',
  removeOnStop: true,
});
const pool = createPool(server.url, 8);
try {
  await migrateToLatest(createDb(createPool(server.url, 2)));
  const store = new PostgresEventStore(pool);
  const streams = Array.from({ length: STREAMS }, (_, i) => `lot-bench-${i}`);
  const write = await timed(async () => {
    for (const stream of streams) {
      for (let version = 0; version < EVENTS; version += BATCH) {
        await store.appendToStream(
          stream,
          Array.from({ length: BATCH }, (_, k) => bid(version + k)),
          version,
        );
      }
    }
  });
  const { privateKey } = generateKeyPairSync('ed25519');
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${STREAMS} streams × ${EVENTS} events written in ${(write.ms / 1000).toFixed(1)} s`,
  );
  const first = await timed(() => takeCheckpoint(pool, privateKey));
  console.log(
    `first checkpoint (every stream read whole):       ${first.value.withheld.length} withheld, ${first.ms.toFixed(0)} ms`,
  );
  const grown = streams.filter((_, i) => i % 10 === 0);
  for (const stream of grown)
    await store.appendToStream(
      stream,
      Array.from({ length: BATCH }, (_, k) => bid(EVENTS + k)),
      EVENTS,
    );
  const next = await timed(() => takeCheckpoint(pool, privateKey));
  console.log(
    `next checkpoint (${grown.length} streams grew by ${BATCH}):        ${next.value.withheld.length} withheld, ${next.ms.toFixed(0)} ms`,
  );
  const idle = await timed(() => takeCheckpoint(pool, privateKey));
  console.log(`checkpoint with nothing new:                      ${idle.ms.toFixed(0)} ms`);
  const verified = await timed(() => verifyLog(pool));
  console.log(
    `full verifier over the log (${verified.value.events} events): ${verified.value.problems.length} problems, ${verified.ms.toFixed(0)} ms`,
  );
} finally {
  await pool.end();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
