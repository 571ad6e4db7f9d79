import type pg from 'pg';
import { reportAppendBatch } from './appendBatchObserver.ts';
import {
  type AppendRows,
  appendAlone,
  appendStreams,
  type ChainedAppend,
  isUniqueViolation,
} from './appendStatement.ts';

/** Below this, splitting a turn's appends over more statements costs more than it overlaps. */
const MIN_APPENDS_PER_STATEMENT = 8;

interface QueuedAppend extends ChainedAppend {
  resolve(rows: AppendRows): void;
  reject(error: unknown): void;
}

/**
 * Appends to different streams are written together in one statement: one transaction, one WAL
 * flush, for many lots. Each stream's expected version is checked inside the statement, so a
 * stale stream is refused without holding back the others. A unique violation aborts the whole
 * statement (another process won a race, or a key was claimed before: a retry, or a key reused on
 * another stream); then every append of that batch is retried on its own so each gets its own
 * precise answer and only the offending stream's writer has to decide its round again.
 *
 * Statements start at the end of the event loop's current turn rather than at the first append:
 * the appends of one turn (typically every command released by a statement that just committed)
 * are then split evenly over the free statement slots, instead of the first going alone and the
 * rest waiting for a slot. Several statements in flight keep both the server's cores and this
 * process busy; a floor on their size keeps the per-statement cost small (docs/benchmarks.md).
 */
export class AppendBatcher {
  private queue: QueuedAppend[] = [];
  private inFlight = 0;
  private pumpScheduled = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly maxInFlight: number,
    private readonly maxEvents = 2000,
  ) {}

  append(append: ChainedAppend): Promise<AppendRows> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ...append, resolve, reject });
      this.schedulePump();
    });
  }

  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const share = Math.ceil(this.queue.length / (this.maxInFlight - this.inFlight));
      const batch = this.take(Math.max(share, MIN_APPENDS_PER_STATEMENT));
      this.inFlight++;
      void this.write(batch).finally(() => {
        this.inFlight--;
        this.schedulePump();
      });
    }
  }

  /** At most `limit` appends, one per stream: versions are computed per stream inside the statement. */
  private take(limit: number): QueuedAppend[] {
    const batch: QueuedAppend[] = [];
    const streams = new Set<string>();
    let events = 0;
    const rest: QueuedAppend[] = [];
    for (const item of this.queue) {
      const full = batch.length >= limit || (batch.length > 0 && events + item.events.length > this.maxEvents);
      if (full || streams.has(item.streamId)) {
        rest.push(item);
        continue;
      }
      batch.push(item);
      streams.add(item.streamId);
      events += item.events.length;
    }
    this.queue = rest;
    return batch;
  }

  private async write(batch: QueuedAppend[]): Promise<void> {
    reportAppendBatch(batch.length);
    if (batch.length === 1) {
      const only = batch[0] as QueuedAppend;
      await appendAlone(this.pool, only).then(only.resolve, only.reject);
      return;
    }
    let rows: AppendRows[];
    try {
      rows = await appendStreams(this.pool, batch);
    } catch (error) {
      if (!isUniqueViolation(error)) {
        for (const item of batch) item.reject(error);
        return;
      }
      await Promise.all(batch.map((item) => appendAlone(this.pool, item).then(item.resolve, item.reject)));
      return;
    }
    for (const [i, item] of batch.entries()) item.resolve(rows[i] ?? null);
  }
}
