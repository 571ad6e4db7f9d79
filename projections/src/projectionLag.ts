import { loadCheckpoint } from '@auction/engine';
import type { Db } from '@auction/platform';
import { beforeScrape, projectionLagEvents, projectionLagSeconds } from '@auction/platform/metrics';
import { sql } from 'kysely';
import { queryableOf } from './followerConnection.ts';
import { PROJECTIONS_SUBSCRIPTION } from './startProjections.ts';

/** Counting stops here: past it the number only says "far behind" (a rebuild), and costs a scan. */
const COUNT_LIMIT = 100_000;

export interface ProjectionLag {
  /** Committed events after the read models' checkpoint (at most COUNT_LIMIT). */
  events: number;
  /** Age of the oldest of them; 0 when caught up. */
  seconds: number;
}

/**
 * How far the read models are behind the store, from the checkpoint the applier moves with each
 * batch: what any process can read, whichever runner holds the lock. Events of transactions still
 * in progress are not visible, as they are not to the runner.
 */
export async function readProjectionLag(db: Db): Promise<ProjectionLag> {
  const checkpoint = await loadCheckpoint(queryableOf(db), PROJECTIONS_SUBSCRIPTION);
  const { rows } = await sql<{ events: number; seconds: number }>`
    SELECT count(*)::int AS events,
           coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS seconds
    FROM (
      SELECT created_at FROM events
      WHERE (transaction_id, global_position) > (${checkpoint.transactionId}::xid8, ${checkpoint.position}::bigint)
      ORDER BY transaction_id, global_position
      LIMIT ${COUNT_LIMIT}
    ) AS behind`.execute(db);
  const row = rows[0];
  return { events: row?.events ?? 0, seconds: Math.max(0, row?.seconds ?? 0) };
}

/** The projections' lag gauges, read at each scrape. Returns the function that stops it. */
export function watchProjectionLag(db: Db): () => void {
  return beforeScrape(async () => {
    const lag = await readProjectionLag(db);
    projectionLagEvents.set(lag.events);
    projectionLagSeconds.set(lag.seconds);
  });
}
