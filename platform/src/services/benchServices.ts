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
