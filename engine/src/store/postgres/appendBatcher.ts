import type pg from 'pg';
import type { ExpectedVersion, NewEvent } from '../eventStore.ts';

/** Rows an append produced, in stream order; null when the stream was not at the expected version. */
export type AppendRows = Array<{ stream_version: number; global_position: string | number }> | null;

interface QueuedAppend {
  streamId: string;
  events: NewEvent[];
  commandSeqs: number[];
  expected: ExpectedVersion;
  resolve(rows: AppendRows): void;
  reject(error: unknown): void;
}

/**
 * Appends to different streams that arrive while earlier statements are in flight are written
 * together in one statement: one transaction, one WAL flush, for many lots. Each stream's
 * expected version is checked inside the statement, so a stale stream is refused without
 * holding back the others. A unique violation aborts the whole statement (another process won a
 * race, or a command id is a retry); then every append of that batch is retried on its own so
 * each gets its own precise answer.
 */
const APPEND_MANY = `
  WITH input AS (
    SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::jsonb[], $6::jsonb[], $7::text[], $8::int[])
      AS i(stream_id, expected, ord, type, data, meta, command_id, command_seq)
  ),
  current AS (
    SELECT s.stream_id, coalesce((SELECT max(e.stream_version) FROM events e WHERE e.stream_id = s.stream_id), 0) AS v
    FROM (SELECT DISTINCT stream_id FROM input) s
  )
  INSERT INTO events (stream_id, stream_version, type, data, meta, command_id, command_seq)
  SELECT i.stream_id, c.v + i.ord, i.type, i.data, i.meta, i.command_id, i.command_seq
  FROM input i JOIN current c USING (stream_id)
  WHERE i.expected IS NULL OR c.v = i.expected
  RETURNING stream_id, stream_version, global_position`;

export class AppendBatcher {
  private queue: QueuedAppend[] = [];
  private inFlight = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly single: (a: QueuedAppend) => Promise<AppendRows>,
    private readonly maxInFlight = 4,
    private readonly maxEvents = 2000,
  ) {}

  append(streamId: string, events: NewEvent[], commandSeqs: number[], expected: ExpectedVersion): Promise<AppendRows> {
    return new Promise((resolve, reject) => {
      this.queue.push({ streamId, events, commandSeqs, expected, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.take();
      this.inFlight++;
      void this.write(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  /** One append per stream per statement: versions are computed per stream inside it. */
  private take(): QueuedAppend[] {
    const batch: QueuedAppend[] = [];
    const streams = new Set<string>();
    let events = 0;
    const rest: QueuedAppend[] = [];
    for (const item of this.queue) {
      if (streams.has(item.streamId) || (batch.length > 0 && events + item.events.length > this.maxEvents)) {
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
    if (batch.length === 1) {
      const only = batch[0] as QueuedAppend;
      await this.single(only).then(only.resolve, only.reject);
      return;
    }
    const columns: [string[], Array<number | null>, number[], string[], string[], string[], string[], number[]] = [
      [],
      [],
      [],
      [],
      [],
      [],
      [],
      [],
    ];
    for (const item of batch) {
      item.events.forEach((event, i) => {
        columns[0].push(item.streamId);
        columns[1].push(item.expected === 'any' ? null : item.expected);
        columns[2].push(i + 1);
        columns[3].push(event.type);
        columns[4].push(JSON.stringify(event.data));
        columns[5].push(JSON.stringify(event.meta));
        columns[6].push(event.meta.commandId);
        columns[7].push(item.commandSeqs[i] ?? 0);
      });
    }
    let result: pg.QueryResult<{ stream_id: string; stream_version: number; global_position: string | number }>;
    try {
      result = await this.pool.query(APPEND_MANY, columns);
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') {
        for (const item of batch) item.reject(error);
        return;
      }
      await Promise.all(batch.map((item) => this.single(item).then(item.resolve, item.reject)));
      return;
    }
    const byStream = new Map<string, Array<{ stream_version: number; global_position: string | number }>>();
    for (const row of result.rows) {
      const rows = byStream.get(row.stream_id) ?? [];
      rows.push(row);
      byStream.set(row.stream_id, rows);
    }
    for (const item of batch) {
      const rows = byStream.get(item.streamId);
      item.resolve(rows ? rows.sort((a, b) => a.stream_version - b.stream_version) : null);
    }
  }
}
