import type { Db } from '@auction/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';

const TIMEOUT_MS = 1000;

function withTimeout<T>(work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS)),
  ]);
}

async function probe(check: () => Promise<unknown>): Promise<{ ok: boolean; error?: string }> {
  try {
    await withTimeout(check());
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

export const healthRoutes: FastifyPluginAsync<{ db: Db; redis: Redis }> = async (app, { db, redis }) => {
  app.get('/health', async (_request, reply) => {
    const [postgres, redisStatus] = await Promise.all([
      probe(() => sql`SELECT 1`.execute(db)),
      probe(() => redis.ping()),
    ]);
    const ok = postgres.ok && redisStatus.ok;
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', postgres, redis: redisStatus });
  });
};
