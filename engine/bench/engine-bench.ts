import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { createDb, createPool, freePort, migrateToLatest, startEmbeddedPostgres } from '@auction/platform';
import {
  createLotCommandHandler,
  decide,
  evolve,
  initialState,
  type LotCommand,
  type LotConfig,
  type LotEvent,
  type LotState,
  lotStreamId,
  PostgresEventStore,
} from '../src/index.ts';
import { lotConfig } from '../test/handler/lotFixtures.ts';

/**
 * `npm run bench:engine [-- --seconds N --json FILE]`: the engine's figures on this machine.
 * A fresh durable embedded PostgreSQL (fsync on) is started for the run; pgbench measures the
 * machine's single-row insert limit in the same run, and every durable figure is printed as a
 * ratio to it. After each durable run, every acknowledged bid is checked to be in its stream once.
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? fallback) : fallback;
};
const SECONDS = Number(option('seconds', '10'));
const JSON_FILE = option('json', '');
const PRODUCERS = 64;
const IN_FLIGHT = Number(option('in-flight', '4'));
const T0 = Date.UTC(2026, 0, 1);
const HOUR = 3_600_000;

// The tests' lot, made endless for the bench: no extension, no auction end.
const config = (lotId: string): LotConfig =>
  lotConfig(lotId, { startingBid: 100, endsAt: T0 + 1000 * HOUR, auctionEndsAt: null });
const envelope = (commandId: string, at: number) => ({ commandId, userId: null, at, auctionActive: true });

function inProcessDecisions(): number {
  let state: LotState = initialState();
  const apply = (command: LotCommand) => {
    const decision = decide(state, command);
    if (decision.ok) for (const e of decision.events) state = evolve(state, e as LotEvent);
  };
  apply({ ...envelope('open', T0), type: 'OpenLot', config: config('mem') });
  const n = 200_000;
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    // Every tenth command is a max bid that the next manual bid runs into: automatic answers included.
    const command: LotCommand =
      i % 10 === 0
        ? { ...envelope(`c${i}`, T0 + i), type: 'PlaceMaxBid', bidderId: `b${i % 13}`, maxAmount: 100 + (i + 5) * 100 }
        : { ...envelope(`c${i}`, T0 + i), type: 'PlaceBid', bidderId: `b${i % 13}`, amount: 100 + (i + 7) * 100 };
    apply(command);
  }
  return n / ((performance.now() - started) / 1000);
}

async function durable(pool: ReturnType<typeof createPool>, lots: number, label: string) {
  const store = new PostgresEventStore(pool, { maxAppendsInFlight: IN_FLIGHT });
  const handler = createLotCommandHandler(store);
  const ids = Array.from({ length: lots }, (_, i) => `${label}-${i}`);
  for (const id of ids) {
    await handler.handle(lotStreamId(id), { ...envelope(`open-${id}`, T0), type: 'OpenLot', config: config(id) });
  }
  const next = new Map(ids.map((id) => [id, 100]));
  const acknowledged: string[] = [];
  let refused = 0;
  let sequence = 0;
  const latencies: number[] = [];
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: PRODUCERS }, async (_, p) => {
      while (performance.now() < deadline) {
        const id = ids[(p + sequence) % ids.length] as string;
        // Amounts rise per lot in submission order, which is the writer's decision order: every bid is valid.
        const amount = (next.get(id) ?? 100) + 100;
        next.set(id, amount);
        const commandId = `${label}-${p}-${sequence++}`;
        const t = performance.now();
        const outcome = await handler.handle(lotStreamId(id), {
          ...envelope(commandId, T0 + 1000),
          type: 'PlaceBid',
          bidderId: `p${p}`,
          amount,
        });
        latencies.push(performance.now() - t);
        if (outcome.ok) acknowledged.push(commandId);
        else refused++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const { rows } = await pool.query<{ command_id: string; n: number }>(
    `SELECT command_id, count(*)::int AS n FROM events WHERE type = 'BidPlaced' AND stream_id LIKE $1 GROUP BY command_id`,
    [`lot-${label}-%`],
  );
  const stored = new Map(rows.map((r) => [r.command_id, r.n]));
  const lost = acknowledged.filter((id) => !stored.has(id)).length;
  const duplicated = rows.filter((r) => r.n > 1).length;
  latencies.sort((a, b) => a - b);
  const pct = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    bidsPerSecond: acknowledged.length / elapsed,
    acknowledged: acknowledged.length,
    refused,
    lost,
    duplicated,
    p50Ms: pct(0.5),
    p99Ms: pct(0.99),
  };
}

async function replay(pool: ReturnType<typeof createPool>) {
  const store = new PostgresEventStore(pool);
  const handler = createLotCommandHandler(store);
  const id = lotStreamId('replay');
  await handler.handle(id, { ...envelope('open-replay', T0), type: 'OpenLot', config: config('replay') });
  await Promise.all(
    Array.from({ length: 10_000 }, (_, i) =>
      handler.handle(id, {
        ...envelope(`replay-${i}`, T0 + i),
        type: 'PlaceBid',
        bidderId: `b${i % 17}`,
        amount: 200 + i * 100,
      }),
    ),
  );
  let best = 0;
  let events = 0;
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    const recorded = await store.readStream(id);
    let state = initialState();
    for (const e of recorded) state = evolve(state, e as unknown as LotEvent);
    const seconds = (performance.now() - started) / 1000;
    events = recorded.length;
    best = Math.max(best, recorded.length / seconds);
  }
  return { events, eventsPerSecond: best };
}

function pgbench(port: number): number | null {
  if (spawnSync('sh', ['-c', 'command -v pgbench'], { stdio: 'ignore' }).status !== 0) return null;
  const script = join(tmpdir(), `pgbench-${process.pid}.sql`);
  writeFileSync(
    script,
    `INSERT INTO bench_events (stream_id, type, data, meta) VALUES ('s' || :client_id, 'BidPlaced', '{"amount": 100}', '{"commandId": "x"}');\n`,
  );
  const env = { ...process.env, PGPASSWORD: 'postgres' };
  const common = ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres'];
  spawnSync(
    'psql',
    [
      ...common,
      '-d',
      'bench',
      '-c',
      `CREATE TABLE IF NOT EXISTS bench_events (global_position bigserial PRIMARY KEY,
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(), stream_id text NOT NULL, type text NOT NULL,
        data jsonb NOT NULL, meta jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
    ],
    { env, stdio: 'ignore' },
  );
  const run = spawnSync(
    'pgbench',
    [...common, '-n', '-c', '32', '-j', '2', '-T', String(SECONDS), '-f', script, 'bench'],
    {
      env,
      encoding: 'utf8',
    },
  );
  rmSync(script, { force: true });
  const match = /tps = ([\d.]+)/.exec(run.stdout ?? '');
  return match ? Number(match[1]) : null;
}

const dataDir = mkdtempSync(join(tmpdir(), 'engine-bench-'));
const port = await freePort();
const server = await startEmbeddedPostgres({
  dataDir: join(dataDir, 'pg'),
  port,
  database: 'bench',
  durable: true,
  removeOnStop: true,
});
const pool = createPool(server.url, 40);
try {
  await migrateToLatest(createDb(createPool(server.url, 2)));
  // The machine may be shared: its load at the start says how far the figures can be trusted.
  const loadAverage = loadavg().map((l) => Number(l.toFixed(2)));
  console.log(
    `machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${Math.round(totalmem() / 2 ** 30)} GiB, load average ${loadAverage.join(' ')}; ${SECONDS}s per durable run; ${PRODUCERS} producers; ${IN_FLIGHT} append statements in flight`,
  );
  const decisions = inProcessDecisions();
  console.log(`decisions in process:      ${Math.round(decisions).toLocaleString('en')} /s`);
  const limit = pgbench(port);
  console.log(
    `pgbench single-row inserts (32 clients): ${limit === null ? 'pgbench not found' : `${Math.round(limit)} /s`}`,
  );
  const ratio = (x: number) => (limit ? ` (${(x / limit).toFixed(2)}x the pgbench limit)` : '');
  const spread = await durable(pool, 500, 'spread');
  console.log(
    `durable bids, 500 lots:    ${Math.round(spread.bidsPerSecond)} /s${ratio(spread.bidsPerSecond)}; p50 ${spread.p50Ms.toFixed(1)} ms, p99 ${spread.p99Ms.toFixed(1)} ms; lost ${spread.lost}, duplicated ${spread.duplicated}, refused ${spread.refused}`,
  );
  const hot = await durable(pool, 1, 'hot');
  console.log(
    `durable bids, one hot lot: ${Math.round(hot.bidsPerSecond)} /s${ratio(hot.bidsPerSecond)}; p50 ${hot.p50Ms.toFixed(1)} ms, p99 ${hot.p99Ms.toFixed(1)} ms; lost ${hot.lost}, duplicated ${hot.duplicated}, refused ${hot.refused}`,
  );
  const replayed = await replay(pool);
  console.log(
    `replay of a ${replayed.events}-event lot: ${Math.round(replayed.eventsPerSecond).toLocaleString('en')} events/s`,
  );
  const result = {
    seconds: SECONDS,
    loadAverage,
    producers: PRODUCERS,
    appendStatementsInFlight: IN_FLIGHT,
    decisionsPerSecond: decisions,
    pgbenchInsertsPerSecond: limit,
    spread,
    hot,
    replay: replayed,
  };
  if (JSON_FILE) writeFileSync(JSON_FILE, `${JSON.stringify(result, null, 2)}\n`);
  if (spread.lost || spread.duplicated || hot.lost || hot.duplicated) {
    console.error('VERIFICATION FAILED: lost or duplicated bids');
    process.exitCode = 1;
  }
} finally {
  await pool.end();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
