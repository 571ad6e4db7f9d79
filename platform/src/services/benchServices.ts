import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './freePort.ts';
import { type RunningPostgres, startEmbeddedPostgres } from './postgres.ts';
import { startLocalRedis } from './redis.ts';

/** A benchmark's `--name value` option from the command line, or its fallback. */
export function benchOption(name: string, fallback: string, args = process.argv.slice(2)): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? fallback) : fallback;
}

/**
 * A benchmark's whole-number options from the command line (`--guests 5000`), each with its
 * fallback, and its log to stderr under its name, so the table it prints on stdout stays clean.
 */
export function benchSetup<const Name extends string>(
  bench: string,
  fallbacks: Record<Name, number>,
  args = process.argv.slice(2),
): { counts: Record<Name, number>; log: (line: string) => void } {
  const counts = Object.fromEntries(
    Object.entries<number>(fallbacks).map(([name, fallback]) => [
      name,
      Number(benchOption(name, String(fallback), args)),
    ]),
  ) as Record<Name, number>;
  return { counts, log: (line) => console.error(`[${bench}] ${line}`) };
}

/** The `p`th percentile (0–100) of some timings, the nearest rank; 0 when there are none. */
export function percentileMs(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Milliseconds to a tenth, as the benchmarks print them. */
export const roundMs = (ms: number) => Math.round(ms * 10) / 10;

/**
 * A read as a screen makes it: once to warm the caches, then `runs` times, each timed; its median
 * and 95th percentile (in ms, to a tenth) and the last answer, whose size a benchmark reports.
 */
export async function timedReads<T>(
  runs: number,
  read: () => Promise<T>,
): Promise<{ p50: number; p95: number; answer: T }> {
  let answer = await read();
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    answer = await read();
    times.push(performance.now() - started);
  }
  return { p50: roundMs(percentileMs(times, 50)), p95: roundMs(percentileMs(times, 95)), answer };
}

export interface BenchServices {
  postgres: RunningPostgres;
  redisUrl: string;
  /** Stops both and removes their data folder. */
  stop(): Promise<void>;
}

/**
 * A benchmark's own durable embedded PostgreSQL (database `bench`) and Redis, on free ports in a
 * folder of its own, so a run measures real servers and leaves nothing behind.
 */
export async function startBenchServices(name: string): Promise<BenchServices> {
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const postgres = await startEmbeddedPostgres({
    dataDir: join(dataDir, 'pg'),
    port: await freePort(),
    database: 'bench',
    durable: true,
    removeOnStop: true,
  });
  const redis = await startLocalRedis({
    dataDir: join(dataDir, 'redis'),
    port: await freePort(),
    persistent: false,
    allowAptInstall: true,
  });
  return {
    postgres,
    redisUrl: redis.url,
    async stop() {
      await redis.stop();
      await postgres.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
