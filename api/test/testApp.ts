import { createLotCommandHandler, PostgresEventStore } from '@auction/engine';
import { createRedis } from '@auction/platform';
import { createTestDatabase, type TestDatabase, testRedisUrl } from '@auction/platform/testing';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { buildApp } from '../src/app.ts';
import { engineBidding } from '../src/demo/engineBidding.ts';
import { loadDemo } from '../src/demo/loadDemo.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  redis: Redis;
  close(): Promise<void>;
}

/** The real API on a database of its own, with the demo loaded through the engine. */
export async function startTestApp(options: { demo?: boolean } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  if (options.demo !== false) {
    const handler = createLotCommandHandler(new PostgresEventStore(database.pool));
    await loadDemo(database.db, (adminId) => engineBidding(database.db, handler, adminId));
  }
  const redis = createRedis(testRedisUrl());
  const app = await buildApp({ db: database.db, redis, logLevel: 'silent' });
  return {
    app,
    database,
    redis,
    async close() {
      await app.close();
      redis.disconnect();
      await database.drop();
    },
  };
}
