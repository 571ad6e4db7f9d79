import type pg from 'pg';
import {
  type AppendResult,
  type Checkpoint,
  DuplicateCommandError,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type ReadAllResult,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
  WrongExpectedVersionError,
} from '../eventStore.ts';
import { pollingSubscription } from '../subscribe.ts';
import { AppendBatcher, type AppendRows } from './appendBatcher.ts';

/**
 * One statement appends a batch: it reads the stream's version and inserts only when it equals
 * the expected one, so an append is a single round trip. Two writers racing for the same version
 * collide on (stream_id, stream_version) and the loser sees WrongExpectedVersionError.
 */
const APPEND = `
  WITH current AS (SELECT coalesce(max(stream_version), 0) AS v FROM events WHERE stream_id = $1)
  INSERT INTO events (stream_id, stream_version, type, data, meta, command_id, command_seq)
  SELECT $1, current.v + e.ord, e.type, e.data, e.meta, e.command_id, e.command_seq
  FROM current,
       unnest($2::text[], $3::jsonb[], $4::jsonb[], $5::text[], $6::int[])
         WITH ORDINALITY AS e(type, data, meta, command_id, command_seq, ord)
  WHERE $7::int IS NULL OR current.v = $7::int
  RETURNING global_position, stream_version`;

const COLUMNS = 'global_position, stream_id, stream_version, type, data, meta';

/**
 * Only transactions older than every transaction still running are read: an event whose
 * transaction commits late has a smaller transaction id than the snapshot's xmin until it commits,
 * so it is never passed over (the approach of Emmett's PostgreSQL store).
 */
const READ_ALL = `
  SELECT ${COLUMNS}, transaction_id::text AS transaction_id
  FROM events
  WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
    AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  -- Qualified: the bare name would sort by the text alias above, putting xid 10000 before 9999.
  ORDER BY events.transaction_id, events.global_position
  LIMIT $3`;

interface EventRow {
  global_position: string | number;
  stream_id: string;
  stream_version: number;
  type: string;
  data: unknown;
  meta: RecordedEvent['meta'];
  transaction_id?: string;
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    globalPosition: Number(row.global_position),
    type: row.type,
    data: row.data,
    meta: row.meta,
  };
}

function isUniqueViolation(error: unknown): error is { code: string; constraint?: string } {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

export interface PostgresEventStoreOptions {
  /** Write concurrent appends to different streams in one statement (default true). */
  batchAppends?: boolean;
  /** Statements in flight at once when batching. */
  maxAppendsInFlight?: number;
}

export class PostgresEventStore implements EventStore {
  private readonly batcher: AppendBatcher | null;

  constructor(
    private readonly pool: pg.Pool,
    options: PostgresEventStoreOptions = {},
  ) {
    this.batcher =
      options.batchAppends === false
        ? null
        : new AppendBatcher(
            pool,
            (a) => this.appendOne(a.streamId, a.events, a.commandSeqs, a.expected),
            options.maxAppendsInFlight ?? 4,
          );
  }

  async appendToStream(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    if (events.length === 0) throw new Error('nothing to append');
    const seqByCommand = new Map<string, number>();
    const commandSeqs = events.map((e) => {
      const seq = seqByCommand.get(e.meta.commandId) ?? 0;
      seqByCommand.set(e.meta.commandId, seq + 1);
      return seq;
    });
    const rows = this.batcher
      ? await this.batcher.append(streamId, events, commandSeqs, expectedVersion)
      : await this.appendOne(streamId, events, commandSeqs, expectedVersion);
    if (!rows || rows.length !== events.length) throw new WrongExpectedVersionError(streamId, expectedVersion);
    const recorded = rows.map((row, i) => ({
      ...(events[i] as NewEvent),
      streamId,
      streamVersion: row.stream_version,
      globalPosition: Number(row.global_position),
    }));
    return { version: rows[rows.length - 1]?.stream_version ?? 0, events: recorded };
  }

  private async appendOne(
    streamId: string,
    events: NewEvent[],
    commandSeqs: number[],
    expectedVersion: ExpectedVersion,
  ): Promise<AppendRows> {
    try {
      const result = await this.pool.query<{ global_position: string | number; stream_version: number }>(APPEND, [
        streamId,
        events.map((e) => e.type),
        events.map((e) => JSON.stringify(e.data)),
        events.map((e) => JSON.stringify(e.meta)),
        events.map((e) => e.meta.commandId),
        commandSeqs,
        expectedVersion === 'any' ? null : expectedVersion,
      ]);
      return result.rows.length ? [...result.rows].sort((a, b) => a.stream_version - b.stream_version) : null;
    } catch (error) {
      if (isUniqueViolation(error)) {
        if (error.constraint === 'events_command_id_command_seq_key') {
          throw new DuplicateCommandError(events[0]?.meta.commandId ?? '');
        }
        throw new WrongExpectedVersionError(streamId, expectedVersion);
      }
      throw error;
    }
  }

  async readStream(streamId: string, fromVersion = 1): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE stream_id = $1 AND stream_version >= $2 ORDER BY stream_version`,
      [streamId, fromVersion],
    );
    return rows.map(toRecorded);
  }

  async readByCommandId(commandId: string): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE command_id = $1 ORDER BY command_seq`,
      [commandId],
    );
    return rows.map(toRecorded);
  }

  async readAll(after: Checkpoint, limit = 500): Promise<ReadAllResult> {
    const { rows } = await this.pool.query<EventRow>(READ_ALL, [after.transactionId, after.position, limit]);
    const last = rows[rows.length - 1];
    return {
      events: rows.map(toRecorded),
      checkpoint: last ? { transactionId: last.transaction_id ?? '0', position: Number(last.global_position) } : after,
    };
  }

  subscribe(handler: (events: RecordedEvent[]) => Promise<void>, options?: SubscribeOptions): Subscription {
    return pollingSubscription((after, limit) => this.readAll(after, limit), handler, options);
  }

  async listStreams(prefix: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ stream_id: string }>(
      `SELECT DISTINCT stream_id FROM events WHERE stream_id LIKE $1 || '%' ORDER BY stream_id`,
      [prefix],
    );
    return rows.map((r) => r.stream_id);
  }
}
