import type { LoggedEvent } from './chainCheck.ts';

/**
 * The columns an audit read takes of an event, named and ordered as a LoggedEvent has them (the
 * export writes them in this order): its content, its recorded time in ms, its hash, its position.
 */
export const LOGGED_EVENT_COLUMNS = `stream_id AS "streamId", stream_version AS "streamVersion", type, data, meta,
  (extract(epoch FROM created_at) * 1000)::bigint AS "recordedAt", hash, global_position AS "globalPosition"`;

/** node-postgres reads bigint columns as strings. */
export type LoggedEventRow = Omit<LoggedEvent, 'recordedAt' | 'globalPosition'> & {
  recordedAt: string;
  globalPosition: string;
};

export function toLoggedEvent(row: LoggedEventRow): LoggedEvent {
  return { ...row, recordedAt: Number(row.recordedAt), globalPosition: Number(row.globalPosition) };
}
