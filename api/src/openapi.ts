import { createLotCommandHandler, PostgresEventStore } from '@auction/engine';
import { createDb, createPool, type MessageBatchQueue, type MessageQueue } from '@auction/platform';
import { Redis } from 'ioredis';
import { buildApp } from './app.ts';

/**
 * The OpenAPI document of the whole API, generated from the routes' zod schemas. Describing the
 * API connects to nothing: the database pool and Redis are created but never used, and
 * the message queue refuses everything.
 */
export async function openApiDocument(): Promise<unknown> {
  const pool = createPool('postgres://describe@127.0.0.1:1/describe', 1);
  const redis = new Redis({ lazyConnect: true, enableOfflineQueue: false });
  const messageQueue: MessageQueue & MessageBatchQueue = {
    add: () => Promise.reject(new Error('the API is only being described')),
    addBulk: () => Promise.reject(new Error('the API is only being described')),
  };
  const eventStore = new PostgresEventStore(pool);
  const app = await buildApp({
    db: createDb(pool),
    pool,
    redis,
    lotCommands: createLotCommandHandler(eventStore),
    eventStore,
    messageQueue,
    jwtSecret: 'describe-only-secret-describe-only-secret',
    publicUrl: 'http://localhost:3000',
    logLevel: 'silent',
    webDist: '/nonexistent',
  });
  await app.ready();
  const document = app.swagger();
  await app.close();
  await pool.end();
  redis.disconnect();
  return document;
}
