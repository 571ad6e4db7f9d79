import { type Checkpoint, PostgresEventStore, START, saveCheckpoint } from '@auction/engine';
import type { Db } from '@auction/platform';
import type pg from 'pg';
import { applyEvents } from './applyEvents.ts';
import { queryableOf } from './followerConnection.ts';
import { PROJECTIONS_SUBSCRIPTION } from './startProjections.ts';

export interface RebuildOptions {
  pool: pg.Pool;
  db: Db;
  /** After each batch: events read so far, and the number of events when the rebuild started. */
  onProgress?: (done: number, total: number) => void;
  batchSize?: number;
}

export interface RebuildResult {
  events: number;
  lots: number;
}

/**
 * Empties the read models (the four lot tables, donations, invoice lines) and the checkpoint, then
 * applies every event from the start, in one transaction: readers keep the old rows until the new
 * ones commit (DELETE, not TRUNCATE, whose lock would block them), and a running applier waits on
 * the checkpoint row, then resumes from where the rebuild stopped. Hub events are not published:
 * nothing new happened.
 */
export async function rebuildProjections(options: RebuildOptions): Promise<RebuildResult> {
  const { pool, db, onProgress } = options;
  const store = new PostgresEventStore(pool);
  const batchSize = options.batchSize ?? 1000;
  const { total } = await db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return db.transaction().execute(async (trx) => {
    await saveCheckpoint(queryableOf(trx), PROJECTIONS_SUBSCRIPTION, START);
    await trx.deleteFrom('lot_bids').execute();
    await trx.deleteFrom('lot_max_bids').execute();
    await trx.deleteFrom('lot_purchases').execute();
    await trx.deleteFrom('lot_views').execute();
    await trx.deleteFrom('invoice_lines').execute();
    await trx.deleteFrom('donations').execute();
    let checkpoint: Checkpoint = START;
    let done = 0;
    onProgress?.(0, Number(total));
    for (;;) {
      // This transaction's own id bounds the safe read: what commits after it is the runner's.
      const batch = await store.readAll(checkpoint, batchSize);
      if (batch.events.length === 0) break;
      await applyEvents(trx, store, batch.events);
      checkpoint = batch.checkpoint;
      done += batch.events.length;
      onProgress?.(done, Math.max(done, Number(total)));
    }
    await saveCheckpoint(queryableOf(trx), PROJECTIONS_SUBSCRIPTION, checkpoint);
    const { lots } = await trx
      .selectFrom('lot_views')
      .select((eb) => eb.fn.countAll<number>().as('lots'))
      .executeTakeFirstOrThrow();
    return { events: done, lots: Number(lots) };
  });
}
