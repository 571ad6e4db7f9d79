import { join } from 'node:path';
import type { Config } from '../config.ts';
import { type RunningService, startEmbeddedPostgres } from './postgres.ts';
import { startLocalRedis } from './redis.ts';

export interface Services {
  databaseUrl: string;
  redisUrl: string;
  embedded: { postgres: boolean; redis: boolean };
  stop(): Promise<void>;
}

/** DATABASE_URL and REDIS_URL win; without them the product runs its own embedded servers. */
export async function resolveServices(config: Config, log: (line: string) => void): Promise<Services> {
  const started: RunningService[] = [];
  const stop = async () => {
    for (const service of started.reverse()) await service.stop();
  };
  try {
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      log(
        `Starting embedded PostgreSQL on port ${config.EMBEDDED_PG_PORT} (data in ${join(config.DATA_DIR, 'postgres')})…`,
      );
      const pg = await startEmbeddedPostgres({
        dataDir: join(config.DATA_DIR, 'postgres'),
        port: config.EMBEDDED_PG_PORT,
        database: 'auction',
      });
      started.push(pg);
      databaseUrl = pg.url;
    }
    let redisUrl = config.REDIS_URL;
    if (!redisUrl) {
      log(`Starting local redis-server on port ${config.EMBEDDED_REDIS_PORT}…`);
      const redis = await startLocalRedis({
        dataDir: join(config.DATA_DIR, 'redis'),
        port: config.EMBEDDED_REDIS_PORT,
        persistent: true,
        allowAptInstall: config.ALLOW_APT_INSTALL,
        log: () => {},
      });
      started.push(redis);
      redisUrl = redis.url;
    }
    return {
      databaseUrl,
      redisUrl,
      embedded: { postgres: !config.DATABASE_URL, redis: !config.REDIS_URL },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
