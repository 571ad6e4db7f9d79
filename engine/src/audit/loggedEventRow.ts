import type { LoggedEvent } from './chainCheck.ts';

/** The columns an audit read takes of an event: its content, its hash and its recorded time in ms. */
export const LOGGED_EVENT_COLUMNS = `global_position, stream_id, stream_version, type, data, meta, hash,
  (extract(epoch FROM created_at) * 1000)::bigint AS recorded_at`;

export type LoggedEventRow = {
  global_position: string;
  stream_id: string;
  stream_version: number;
  type: string;
  data: unknown;
  meta: unknown;
  hash: string;
  recorded_at: string;
};

export function toLoggedEvent(row: LoggedEventRow): LoggedEvent {
  return {
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: row.type,
    data: row.data,
    meta: row.meta,
    recordedAt: Number(row.recorded_at),
    hash: row.hash,
    globalPosition: Number(row.global_position),
  };
}
