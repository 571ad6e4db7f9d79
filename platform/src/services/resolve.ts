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

/**
 * DATABASE_URL and REDIS_URL win; without them the product runs its own embedded servers. Each
 * server is added to `started` as soon as it runs, so a caller interrupted half-way (Ctrl-C during
 * the start) still knows what to stop.
 */
export async function resolveServices(
  config: Config,
  log: (line: string) => void,
  started: RunningService[] = [],
): Promise<Services> {
  const ours: RunningService[] = [];
  const keep = (service: RunningService) => {
    ours.push(service);
    started.push(service);
  };
  const stop = async () => {
    for (const service of [...ours].reverse()) await service.stop();
  };
  try {
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      log(`Starting embedded PostgreSQL on port ${config.EMBEDDED_PG_PORT}…`);
      const pg = await startEmbeddedPostgres({
        dataDir: join(config.DATA_DIR, 'postgres'),
        port: config.EMBEDDED_PG_PORT,
        database: 'auction',
        ownProcessGroup: true,
      });
      keep(pg);
      log(`PostgreSQL is running (data in ${pg.dataDir}).`);
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
        announce: log,
        ownProcessGroup: true,
      });
      keep(redis);
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
    started.splice(0, started.length, ...started.filter((s) => !ours.includes(s)));
    throw error;
  }
}
