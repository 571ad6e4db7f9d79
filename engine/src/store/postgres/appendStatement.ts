import { GENESIS_HASH } from '@auction/contract/canonicalJson';
import type pg from 'pg';
import {
  type CommandKey,
  DuplicateCommandError,
  type ExpectedVersion,
  type NewEvent,
  WrongExpectedVersionError,
} from '../eventStore.ts';

/** One stream's part of an append statement. */
export interface StreamAppend {
  streamId: string;
  events: NewEvent[];
  expected: ExpectedVersion;
  /** The keys to claim; by default one per distinct command id of the events. */
  commands?: CommandKey[];
}

/** An append with its events' hashes chained on the stream's head at the expected version. */
export interface ChainedAppend extends StreamAppend {
  expected: number;
  /** The hash of the head at the expected version (GENESIS_HASH for a new stream). */
  previous: string;
  /** Per event, in order. */
  hashes: string[];
  recordedAt: number;
}

/**
 * The rows an append produced, in stream order (empty when it claimed keys only); null when the
 * stream was not at the expected version.
 */
export type AppendRows = Array<{ stream_version: number; global_position: string | number }> | null;

/**
 * Appends to one or several streams in one statement, so one transaction and one WAL flush. Each
 * stream's head is read once (a backward index-only scan of (stream_id, stream_version)) and its
 * keys and events are written only when it equals the expected version, so a stale stream is
 * refused without holding back the others. Two writers racing for the same version collide on the
 * unique (stream_id, stream_version) index; a key claimed before, by a retry or by a reuse of the
 * id on another stream, collides on command_keys' primary key. Either aborts the whole statement.
 *
 * Every stream that passed its version check answers one marker row (null version) besides its
 * events' rows, so a stream that only claimed keys (refusals) is told apart from a stale one.
 *
 * Each event carries its hash (docs/audit.md), chained in Node on the stream's head hash the writer
 * knew; the head is checked for that hash as well as for the expected version, so an event is never
 * chained on a head it did not see.
 *
 * The whole batch is one JSON parameter: V8 encodes it in one call and PostgreSQL parses it in
 * one pass, where text arrays of JSON cost an escaping pass on each side per event. The statement
 * is prepared once per connection (named), so it is not parsed and planned on every append.
 */
const APPEND = `
  WITH a AS MATERIALIZED (
    SELECT a.stream_id, a.events, a.commands, coalesce(head.version, 0) AS version
    FROM jsonb_to_recordset($1::jsonb) AS a(stream_id text, expected int, previous text, events jsonb, commands jsonb)
    LEFT JOIN LATERAL (
      SELECT h.stream_version AS version, h.hash FROM events h
      WHERE h.stream_id = a.stream_id ORDER BY h.stream_version DESC LIMIT 1
    ) head ON true
    WHERE coalesce(head.version, 0) = a.expected AND coalesce(head.hash, '${GENESIS_HASH}') = a.previous
  ), claimed AS (
    INSERT INTO command_keys (command_id, stream_id, request, refusal, first_version, event_count)
    SELECT c.command_id, a.stream_id, c.request, c.refusal, a.version + c.first, c.count
    FROM a CROSS JOIN LATERAL jsonb_to_recordset(a.commands)
      AS c(command_id text, request text, refusal text, first int, count int)
  ), appended AS (
    INSERT INTO events (stream_id, stream_version, type, data, meta, command_id, command_seq, hash, created_at)
    SELECT a.stream_id, a.version + e.ord, e.type, e.data, e.meta, e.meta->>'commandId', e.command_seq,
      e.hash, to_timestamp(e.recorded_at / 1000.0)
    FROM a CROSS JOIN LATERAL jsonb_to_recordset(a.events)
      AS e(ord int, type text, data jsonb, meta jsonb, command_seq int, hash text, recorded_at bigint)
    RETURNING stream_id, stream_version, global_position
  )
  SELECT stream_id, stream_version, global_position FROM appended
  UNION ALL SELECT stream_id, NULL, NULL FROM a`;

/** Events of one command are numbered within it; its key row locates them by first version and count. */
function encode({ streamId, events, expected, previous, hashes, recordedAt, commands }: ChainedAppend) {
  const seqs = new Map<string, number>();
  const firsts = new Map<string, number>();
  const encoded = events.map((event, i) => {
    const id = event.meta.commandId;
    const seq = seqs.get(id) ?? 0;
    seqs.set(id, seq + 1);
    if (!firsts.has(id)) firsts.set(id, i + 1);
    return {
      ord: i + 1,
      type: event.type,
      data: event.data,
      meta: event.meta,
      command_seq: seq,
      hash: hashes[i],
      recorded_at: recordedAt,
    };
  });
  const keys = commands ?? [...seqs.keys()].map((commandId) => ({ commandId, request: null, refusal: null }));
  return {
    stream_id: streamId,
    expected,
    previous,
    events: encoded,
    commands: keys.map(({ commandId, request, refusal }) => ({
      command_id: commandId,
      request,
      refusal,
      first: firsts.get(commandId) ?? null,
      count: seqs.get(commandId) ?? 0,
    })),
  };
}

type Row = { stream_id: string; stream_version: number | null; global_position: string | number | null };

/**
 * Rows per append, in the order of `appends` (each stream at most once). A unique violation
 * rejects with PostgreSQL's error and records nothing: `appendAlone` names it for one stream.
 */
export async function appendStreams(pool: pg.Pool, appends: ChainedAppend[]): Promise<AppendRows[]> {
  const { rows } = await pool.query<Row>({
    name: 'engine_append',
    text: APPEND,
    values: [JSON.stringify(appends.map(encode))],
  });
  const byStream = new Map<string, NonNullable<AppendRows>>();
  for (const row of rows) {
    let own = byStream.get(row.stream_id);
    if (!own) {
      own = [];
      byStream.set(row.stream_id, own);
    }
    if (row.stream_version !== null && row.global_position !== null) {
      own.push({ stream_version: row.stream_version, global_position: row.global_position });
    }
  }
  return appends.map((a) => byStream.get(a.streamId)?.sort((x, y) => x.stream_version - y.stream_version) ?? null);
}

export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}

/** The key PostgreSQL names in a violation of command_keys' primary key: `Key (command_id)=(…) already exists.` */
function duplicateKeyOf(error: unknown): string | null {
  const detail = (error as { detail?: string }).detail ?? '';
  return /^Key \(command_id\)=\((.*)\) already exists\.$/s.exec(detail)?.[1] ?? null;
}

/** One stream's append in a statement of its own, its unique violation named as the store's contract says. */
export async function appendAlone(pool: pg.Pool, append: ChainedAppend): Promise<AppendRows> {
  try {
    return (await appendStreams(pool, [append]))[0] ?? null;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    if ((error as { constraint?: string }).constraint === 'command_keys_pkey') {
      throw new DuplicateCommandError(duplicateKeyOf(error));
    }
    throw new WrongExpectedVersionError(append.streamId, append.expected);
  }
}
