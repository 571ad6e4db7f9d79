import type pg from 'pg';
import {
  type AppendResult,
  type Checkpoint,
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
import { AppendBatcher } from './appendBatcher.ts';
import { appendAlone } from './appendStatement.ts';

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

  async appendToStream(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    if (events.length === 0) throw new Error('nothing to append');
    const append = { streamId, events, expected: expectedVersion };
    const rows = this.batcher ? await this.batcher.append(append) : await appendAlone(this.pool, append);
    if (!rows || rows.length !== events.length) throw new WrongExpectedVersionError(streamId, expectedVersion);
    const recorded = rows.map((row, i) => ({
      ...(events[i] as NewEvent),
      streamId,
      streamVersion: row.stream_version,
      globalPosition: Number(row.global_position),
    }));
    return { version: rows[rows.length - 1]?.stream_version ?? 0, events: recorded };
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
