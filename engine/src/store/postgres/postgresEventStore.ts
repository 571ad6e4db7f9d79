import type pg from 'pg';
import { chainHashes, GENESIS_HASH } from '../../audit/eventHash.ts';
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
import { appendAlone, type ChainedAppend } from './appendStatement.ts';
import type { Queryable } from './queryable.ts';

const COLUMNS =
  'global_position, stream_id, stream_version, type, data, meta, hash, (extract(epoch FROM created_at) * 1000)::bigint AS recorded_at';

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
  hash: string;
  recorded_at: string | number;
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
    hash: row.hash,
    recordedAt: Number(row.recorded_at),
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
  /** Stream heads remembered for chaining appends without a read (default 100,000). */
  headMemory?: number;
}

/** A stream's last known event: immutable once written, so it stays true for that version. */
type Head = { version: number; hash: string };

export class PostgresEventStore implements EventStore {
  private readonly batcher: AppendBatcher | null;
  private readonly heads = new Map<string, Head>();
  private readonly headMemory: number;

  constructor(
    private readonly pool: pg.Pool,
    options: PostgresEventStoreOptions = {},
  ) {
    this.batcher = options.batchAppends === false ? null : new AppendBatcher(pool, options.maxAppendsInFlight ?? 4);
    this.headMemory = options.headMemory ?? 100_000;
  }

  private rememberHead(streamId: string, head: Head): void {
    this.heads.delete(streamId);
    this.heads.set(streamId, head);
    if (this.heads.size > this.headMemory) {
      const oldest = this.heads.keys().next().value;
      if (oldest !== undefined) this.heads.delete(oldest);
    }
  }

  private remember(events: RecordedEvent[]): void {
    const last = events[events.length - 1];
    if (last?.hash) this.rememberHead(last.streamId, { version: last.streamVersion, hash: last.hash });
  }

  /**
   * The head an append chains on. The stream's writer has read or written the stream, so its head
   * is remembered; otherwise (another process, a forgotten stream, 'any') it is read. The append
   * statement checks it again, so a head that moved meanwhile refuses the append as a stale version.
   */
  private async headAt(streamId: string, expected: ExpectedVersion): Promise<Head> {
    const known = this.heads.get(streamId);
    if (expected === 0) return { version: 0, hash: GENESIS_HASH };
    if (known && (known.version === expected || expected === 'any')) return known;
    const { rows } = await this.pool.query<{ stream_version: number; hash: string }>(
      expected === 'any'
        ? 'SELECT stream_version, hash FROM events WHERE stream_id = $1 ORDER BY stream_version DESC LIMIT 1'
        : 'SELECT stream_version, hash FROM events WHERE stream_id = $1 AND stream_version = $2',
      expected === 'any' ? [streamId] : [streamId, expected],
    );
    const row = rows[0];
    if (!row) {
      if (expected === 'any') return { version: 0, hash: GENESIS_HASH };
      throw new WrongExpectedVersionError(streamId, expected);
    }
    return { version: row.stream_version, hash: row.hash };
  }

  async appendToStream(
    streamId: string,
    events: NewEvent[],
    expectedVersion: ExpectedVersion,
    commands?: CommandKey[],
  ): Promise<AppendResult> {
    if (events.length === 0 && !commands?.length) throw new Error('nothing to append');
    const head = await this.headAt(streamId, expectedVersion);
    const recordedAt = Date.now();
    const hashes = chainHashes(
      events.map((event, i) => ({ ...event, streamId, streamVersion: head.version + i + 1, recordedAt })),
      head.hash,
    );
    const append: ChainedAppend = {
      streamId,
      events,
      expected: head.version,
      previous: head.hash,
      hashes,
      recordedAt,
      ...(commands ? { commands } : {}),
    };
    const rows = await (this.batcher ? this.batcher.append(append) : appendAlone(this.pool, append)).catch((error) => {
      if (error instanceof WrongExpectedVersionError) this.heads.delete(streamId);
      throw error;
    });
    if (!rows || rows.length !== events.length) {
      this.heads.delete(streamId);
      // 'any' lost a race for the head it read: chain on the new head.
      if (expectedVersion === 'any') return this.appendToStream(streamId, events, expectedVersion, commands);
      throw new WrongExpectedVersionError(streamId, expectedVersion);
    }
    const recorded = rows.map((row, i) => ({
      ...(events[i] as NewEvent),
      streamId,
      streamVersion: row.stream_version,
      globalPosition: Number(row.global_position),
      hash: hashes[i] as string,
      recordedAt,
    }));
    this.remember(recorded);
    return { version: rows[rows.length - 1]?.stream_version ?? head.version, events: recorded };
  }

  async readStream(streamId: string, fromVersion = 1): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE stream_id = $1 AND stream_version >= $2 ORDER BY stream_version`,
      [streamId, fromVersion],
    );
    const events = rows.map(toRecorded);
    this.remember(events);
    return events;
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
