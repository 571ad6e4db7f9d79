export { type Config, ConfigError, configSchema, loadConfig } from './config.ts';
export { createDb, createPool, type Db } from './db.ts';
export { migrateToLatest } from './migrate.ts';
export { createRedis } from './redis.ts';
export type * from './schema.ts';
export { freePort } from './services/freePort.ts';
export { ensureDatabase, type RunningService, startEmbeddedPostgres } from './services/postgres.ts';
export { REDIS_MISSING_MESSAGE, startLocalRedis, stopChild } from './services/redis.ts';
export { resolveServices, type Services } from './services/resolve.ts';
