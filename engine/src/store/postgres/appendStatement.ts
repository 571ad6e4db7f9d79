import type pg from 'pg';
import {
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
}

/** The rows an append produced, in stream order; null when the stream was not at the expected version. */
export type AppendRows = Array<{ stream_version: number; global_position: string | number }> | null;

/**
 * Appends to one or several streams in one statement, so one transaction and one WAL flush. Each
 * stream's head is read once (a backward index-only scan of (stream_id, stream_version)) and its
 * events are inserted only when it equals the expected version, so a stale stream is refused
 * without holding back the others. Two writers racing for the same version collide on the unique
 * (stream_id, stream_version) index, and a repeated command id on (command_id, command_seq).
 *
 * The whole batch is one JSON parameter: V8 encodes it in one call and PostgreSQL parses it in
 * one pass, where text arrays of JSON cost an escaping pass on each side per event. The statement
 * is prepared once per connection (named), so it is not parsed and planned on every append.
 */
const APPEND = `
  INSERT INTO events (stream_id, stream_version, type, data, meta, command_id, command_seq)
  SELECT a.stream_id, coalesce(head.version, 0) + e.ord, e.type, e.data, e.meta, e.meta->>'commandId', e.command_seq
  FROM jsonb_to_recordset($1::jsonb) AS a(stream_id text, expected int, events jsonb)
  LEFT JOIN LATERAL (
    SELECT h.stream_version AS version FROM events h
    WHERE h.stream_id = a.stream_id ORDER BY h.stream_version DESC LIMIT 1
  ) head ON true
  CROSS JOIN LATERAL jsonb_to_recordset(a.events) AS e(ord int, type text, data jsonb, meta jsonb, command_seq int)
  WHERE a.expected IS NULL OR coalesce(head.version, 0) = a.expected
  RETURNING stream_id, stream_version, global_position`;

/** Events of one command are numbered within it: (command_id, command_seq) is the idempotency key. */
function encode({ streamId, events, expected }: StreamAppend) {
  const seqs = new Map<string, number>();
  return {
    stream_id: streamId,
    expected: expected === 'any' ? null : expected,
    events: events.map((event, i) => {
      const seq = seqs.get(event.meta.commandId) ?? 0;
      seqs.set(event.meta.commandId, seq + 1);
      return { ord: i + 1, type: event.type, data: event.data, meta: event.meta, command_seq: seq };
    }),
  };
}

/**
 * Rows per append, in the order of `appends` (each stream at most once). A unique violation
 * rejects with PostgreSQL's error and appends nothing: `appendAlone` names it for one stream.
 */
export async function appendStreams(pool: pg.Pool, appends: StreamAppend[]): Promise<AppendRows[]> {
  const { rows } = await pool.query<{ stream_id: string; stream_version: number; global_position: string | number }>({
    name: 'engine_append',
    text: APPEND,
    values: [JSON.stringify(appends.map(encode))],
  });
  const byStream = new Map<string, NonNullable<AppendRows>>();
  for (const row of rows) {
    const own = byStream.get(row.stream_id);
    if (own) own.push(row);
    else byStream.set(row.stream_id, [row]);
  }
  return appends.map((a) => byStream.get(a.streamId)?.sort((x, y) => x.stream_version - y.stream_version) ?? null);
}

export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}

/** One stream's append in a statement of its own, its unique violation named as the store's contract says. */
export async function appendAlone(pool: pg.Pool, append: StreamAppend): Promise<AppendRows> {
  try {
    return (await appendStreams(pool, [append]))[0] ?? null;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    if ((error as { constraint?: string }).constraint === 'events_command_id_command_seq_key') {
      throw new DuplicateCommandError(append.events[0]?.meta.commandId ?? '');
    }
    throw new WrongExpectedVersionError(append.streamId, append.expected);
  }
}
