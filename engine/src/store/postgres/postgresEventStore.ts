import type pg from 'pg';
import {
  type AppendResult,
  type Checkpoint,
  type CommandKey,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type ReadAllResult,
  type RecordedCommand,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
  WrongExpectedVersionError,
} from '../eventStore.ts';
import { pollingSubscription } from '../subscribe.ts';
import { AppendBatcher } from './appendBatcher.ts';
import { appendAlone } from './appendStatement.ts';
import type { Queryable } from './queryable.ts';

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

/** The safe read on a given connection: the log follower reads on the one holding its lock. */
export async function readAllOn(db: Queryable, after: Checkpoint, limit = 500): Promise<ReadAllResult> {
  const { rows } = await db.query<EventRow>(READ_ALL, [after.transactionId, after.position, limit]);
  const last = rows[rows.length - 1];
  return {
    events: rows.map(toRecorded),
    checkpoint: last ? { transactionId: last.transaction_id ?? '0', position: Number(last.global_position) } : after,
  };
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
    this.batcher = options.batchAppends === false ? null : new AppendBatcher(pool, options.maxAppendsInFlight ?? 4);
  }

  async appendToStream(
    streamId: string,
    events: NewEvent[],
    expectedVersion: ExpectedVersion,
    commands?: CommandKey[],
  ): Promise<AppendResult> {
    if (events.length === 0 && !commands?.length) throw new Error('nothing to append');
    const append = { streamId, events, expected: expectedVersion, ...(commands ? { commands } : {}) };
    const rows = this.batcher ? await this.batcher.append(append) : await appendAlone(this.pool, append);
    if (!rows || rows.length !== events.length) throw new WrongExpectedVersionError(streamId, expectedVersion);
    const recorded = rows.map((row, i) => ({
      ...(events[i] as NewEvent),
      streamId,
      streamVersion: row.stream_version,
      globalPosition: Number(row.global_position),
    }));
    const unchanged = typeof expectedVersion === 'number' ? expectedVersion : 0;
    return { version: rows[rows.length - 1]?.stream_version ?? unchanged, events: recorded };
  }

  async readStream(streamId: string, fromVersion = 1): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE stream_id = $1 AND stream_version >= $2 ORDER BY stream_version`,
      [streamId, fromVersion],
    );
    return rows.map(toRecorded);
  }

  async readByCommandId(commandId: string): Promise<RecordedEvent[]> {
    return (await this.readCommands([commandId]))[0]?.events ?? [];
  }

  /** A key row locates its command's events: from its first version, in its stream, at most its count. */
  async readCommands(commandIds: string[]): Promise<RecordedCommand[]> {
    if (commandIds.length === 0) return [];
    const { rows } = await this.pool.query<
      Partial<EventRow> & { command_id: string; key_stream_id: string; request: string | null; refusal: string | null }
    >(
      `SELECT k.command_id, k.stream_id AS key_stream_id, k.request, k.refusal,
              e.global_position, e.stream_id, e.stream_version, e.type, e.data, e.meta
       FROM command_keys k
       LEFT JOIN LATERAL (
         SELECT ${COLUMNS} FROM events e
         WHERE e.stream_id = k.stream_id AND e.stream_version >= k.first_version AND e.command_id = k.command_id
         ORDER BY e.stream_version LIMIT k.event_count
       ) e ON true
       WHERE k.command_id = ANY($1::text[])
       ORDER BY k.command_id, e.stream_version`,
      [commandIds],
    );
    const commands = new Map<string, RecordedCommand>();
    for (const row of rows) {
      let command = commands.get(row.command_id);
      if (!command) {
        command = {
          commandId: row.command_id,
          streamId: row.key_stream_id,
          request: row.request,
          refusal: row.refusal,
          events: [],
        };
        commands.set(row.command_id, command);
      }
      if (row.stream_version != null) command.events.push(toRecorded(row as EventRow));
    }
    return [...commands.values()];
  }

  readAll(after: Checkpoint, limit = 500): Promise<ReadAllResult> {
    return readAllOn(this.pool, after, limit);
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
