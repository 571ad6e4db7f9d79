import { type ChildProcess, execSync, fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { createRedis, freePort, publishHubEvent, startLocalRedis } from '@auction/platform';
import { HUB_PATH } from '../src/hub/hubPlugin.ts';
import { type HistogramData, LatencyHistogram } from './latencyHistogram.ts';

/**
 * `npm run bench:hub [-- --clients 1000,5000 --rate 50 --seconds 20 --servers 1 --client-procs 1
 * --tick 100 --json FILE --profile DIR]`: publish-to-client latency of the live hub.
 * Starts its own redis-server, hub process(es) and client process(es); N WebSocket clients watch one
 * auction while events are published at a steady rate with their publish time in the data. Every
 * delivery to every client is one latency sample. `--profile DIR` writes the hub processes' CPU
 * profiles (node --cpu-prof) there.
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? fallback) : fallback;
};
const CLIENT_COUNTS = option('clients', '1000,5000').split(',').map(Number);
const RATE = Number(option('rate', '50'));
const SECONDS = Number(option('seconds', '20'));
const WARM_UP_SECONDS = 2;
const SERVERS = Number(option('servers', '1'));
const CLIENT_PROCS = Number(option('client-procs', '1'));
const TICK_MS = Number(option('tick', '100'));
const JSON_FILE = option('json', '');
const PROFILE_DIR = option('profile', '');
const AUCTION_ID = 1;

const here = import.meta.dirname;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const wallClock = () => performance.timeOrigin + performance.now();

function nextMessage<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolvePromise, reject) => {
    const onMessage = (message: { type: string; error?: string }) => {
      if (message.type === type) {
        child.off('message', onMessage);
        resolvePromise(message as T);
      } else if (message.type === 'failed') reject(new Error(message.error));
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`child exited (${code}) while waiting for ${type}`)));
  });
}

function forkChild(file: string, env: Record<string, string>, execArgv: string[] = []): ChildProcess {
  return fork(join(here, file), [], { env: { ...process.env, ...env }, execArgv: [...process.execArgv, ...execArgv] });
}

interface ServerStats {
  cpuSeconds: number;
  wallSeconds: number;
  loopDelayP99Ms: number;
  rssMiB: number;
}
interface ClientReport {
  histogram: HistogramData;
  frames: number;
  closedEarly: number;
  cpuSeconds: number;
  loopDelayP99Ms: number;
}

async function run(redisUrl: string, clients: number) {
  const prefix = `bench${clients}:`;
  const profileArgs = PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', resolve(PROFILE_DIR)] : [];
  const env = { BENCH_REDIS_URL: redisUrl, BENCH_PREFIX: prefix, BENCH_TICK_MS: String(TICK_MS) };
  const servers = Array.from({ length: SERVERS }, () => forkChild('hubBenchServer.ts', env, profileArgs));
  const ports = await Promise.all(servers.map((s) => nextMessage<{ port: number }>(s, 'listening')));
  const urls = ports.map(({ port }) => `ws://127.0.0.1:${port}${HUB_PATH}`);

  const clientProcs = Array.from({ length: CLIENT_PROCS }, () => forkChild('hubBenchClients.ts', {}, profileArgs));
  const connectStarted = performance.now();
  await Promise.all(
    clientProcs.map((child, i) => {
      const count = Math.floor(clients / CLIENT_PROCS) + (i < clients % CLIENT_PROCS ? 1 : 0);
      const ready = nextMessage(child, 'ready');
      child.send({ type: 'start', urls, count, auctionId: AUCTION_ID });
      return ready;
    }),
  );
  const connectSeconds = (performance.now() - connectStarted) / 1000;

  const redis = createRedis(redisUrl);
  let published = 0;
  let measured = 0;
  let behindMs = 0;
  const publishFor = async (seconds: number, measuring: boolean) => {
    const started = performance.now();
    const total = Math.round(seconds * RATE);
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      else behindMs = Math.max(behindMs, -wait);
      published += 1;
      if (measuring) measured += 1;
      const lot = (published % 40) + 1;
      // A BidReceived as the projections publish it, plus the publish time the clients read back.
      const data = { auctionLotItemId: lot, lotNumber: `${lot}`, auctionLotItemType: 1, isDelete: false };
      await publishHubEvent(redis, AUCTION_ID, 'BidReceived', { ...data, publishedAt: wallClock() }, prefix);
    }
  };
  await publishFor(WARM_UP_SECONDS, false);
  const mark = { type: 'mark', at: wallClock() };
  for (const child of [...servers, ...clientProcs]) child.send(mark);
  await publishFor(SECONDS, true);
  await sleep(1_000 + TICK_MS);

  const statsOf = (child: ChildProcess) => {
    const stats = nextMessage<ServerStats>(child, 'stats');
    child.send({ type: 'stats' });
    return stats;
  };
  const serverStats = await Promise.all(servers.map(statsOf));
  const reports = await Promise.all(
    clientProcs.map((child) => {
      const report = nextMessage<ClientReport>(child, 'report');
      child.send({ type: 'report' });
      return report;
    }),
  );
  const histogram = new LatencyHistogram();
  for (const report of reports) histogram.add(report.histogram);
  for (const child of clientProcs) child.send({ type: 'stop' });
  await Promise.all(
    servers.map((child) => {
      const exited = new Promise((r) => child.once('exit', r));
      child.send({ type: 'stop' });
      return exited;
    }),
  );
  redis.disconnect();

  const expected = measured * clients;
  return {
    clients,
    servers: SERVERS,
    clientProcesses: CLIENT_PROCS,
    rate: RATE,
    seconds: SECONDS,
    tickMs: TICK_MS,
    published: measured,
    expectedDeliveries: expected,
    deliveries: histogram.total,
    lost: expected - histogram.total,
    socketsClosed: reports.reduce((n, r) => n + r.closedEarly, 0),
    framesPerClientPerSecond: reports.reduce((n, r) => n + r.frames, 0) / clients / SECONDS,
    deliveriesPerSecond: histogram.total / SECONDS,
    p50Ms: histogram.percentile(50),
    p90Ms: histogram.percentile(90),
    p99Ms: histogram.percentile(99),
    maxMs: Math.round(histogram.max * 10) / 10,
    connectSeconds,
    publisherBehindMaxMs: Math.round(behindMs),
    hubCpuPercent: serverStats.map((s) => Math.round((100 * s.cpuSeconds) / s.wallSeconds)),
    hubLoopDelayP99Ms: serverStats.map((s) => Math.round(s.loopDelayP99Ms * 10) / 10),
    hubRssMiB: serverStats.map((s) => Math.round(s.rssMiB)),
    clientCpuPercent: reports.map((r) => Math.round((100 * r.cpuSeconds) / SECONDS)),
    clientLoopDelayP99Ms: reports.map((r) => Math.round(r.loopDelayP99Ms * 10) / 10),
  };
}

const fdLimit = execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim();
const needed = Math.max(...CLIENT_COUNTS) + 100;
if (fdLimit !== 'unlimited' && Number(fdLimit) < needed) {
  console.error(
    `ulimit -n is ${fdLimit}; ${needed} file descriptors are needed per process. Raise it (ulimit -n ${needed}).`,
  );
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'hub-bench-'));
const redisServer = await startLocalRedis({
  dataDir,
  port: await freePort(),
  persistent: false,
  allowAptInstall: false,
});
const machine = `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
console.log(
  `hub benchmark: ${machine}; ${RATE} events/s for ${SECONDS} s (after ${WARM_UP_SECONDS} s warm-up), tick ${TICK_MS} ms`,
);
const results = [];
try {
  for (const clients of CLIENT_COUNTS) {
    console.log(`… ${clients} clients`);
    results.push(await run(redisServer.url, clients));
  }
} finally {
  await redisServer.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

console.table(
  results.map((r) => ({
    clients: r.clients,
    'deliveries/s': Math.round(r.deliveriesPerSecond),
    lost: r.lost,
    'p50 ms': r.p50Ms.toFixed(1),
    'p90 ms': r.p90Ms.toFixed(1),
    'p99 ms': r.p99Ms.toFixed(1),
    'max ms': r.maxMs.toFixed(1),
    'hub CPU %': r.hubCpuPercent.join('/'),
    'hub loop p99 ms': r.hubLoopDelayP99Ms.join('/'),
    'clients CPU %': r.clientCpuPercent.join('/'),
  })),
);
if (JSON_FILE) {
  writeFileSync(JSON_FILE, `${JSON.stringify({ machine, date: new Date().toISOString(), results }, null, 2)}\n`);
  console.log(`figures written to ${JSON_FILE}`);
}
