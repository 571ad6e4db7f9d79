import type { Db } from '@auction/platform';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { type Projections, startProjections } from './startProjections.ts';

/**
 * The read models kept up to date beside a test's API or workers, publishing to the test's hub.
 * A failed batch is retried without being printed: the tests assert the read models themselves.
 */
export function startTestProjections(
  database: { pool: pg.Pool; db: Db },
  redis: Redis,
  hubPrefix: string,
): Projections {
  return startProjections({ pool: database.pool, db: database.db, redis, hubPrefix, onError: () => {} });
}
