import type { Db } from '@auction/platform';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';

const TIMEOUT_MS = 1000;

export interface Probe {
  ok: boolean;
  error?: string;
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS)),
  ]);
}

async function probe(check: () => Promise<unknown>): Promise<Probe> {
  try {
    await withTimeout(check());
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Whether PostgreSQL and Redis answer within a second each (decorated as `app.health`). */
export function healthCheck(db: Db, redis: Redis) {
  return {
    async check() {
      const [postgres, redisStatus] = await Promise.all([
        probe(() => sql`SELECT 1`.execute(db)),
        probe(() => redis.ping()),
      ]);
      const ok = postgres.ok && redisStatus.ok;
      return { ok, postgres, redis: redisStatus };
    },
  };
}
export type HealthCheck = ReturnType<typeof healthCheck>;
