import type { Queryable } from '../store/postgres/queryable.ts';
import { latestCheckpoints, orderProblems, signedHeads } from './auditLog.ts';
import { type ChainProblem, checkStream, type LoggedEvent } from './chainCheck.ts';
import { type Checkpoint, checkpointFault } from './checkpointSignature.ts';
import { LOGGED_EVENT_COLUMNS, type LoggedEventRow, toLoggedEvent } from './loggedEventRow.ts';

export const EXPORT_FORMAT = 'charity-auctions/audit-export/1';

/** One stream of an export: every event as stored, with its hash (docs/audit.md, "The export"). */
export interface ExportedStream {
  streamId: string;
  events: Array<Omit<LoggedEvent, 'streamId'>>;
}

/** An auction's streams, whole, and the latest checkpoint: verifiable with nothing but this file. */
export interface AuditExport {
  format: typeof EXPORT_FORMAT;
  auctionId: string;
  exportedAt: number;
  streams: ExportedStream[];
  checkpoint: Checkpoint | null;
}

/** Reads the streams whole, in one snapshot (one statement), with the latest checkpoint. */
export async function exportStreams(
  db: Queryable,
  auctionId: string,
  streamIds: string[],
  now = Date.now(),
): Promise<AuditExport> {
  const { rows } = await db.query<LoggedEventRow>(
    `SELECT ${LOGGED_EVENT_COLUMNS} FROM events WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, stream_version`,
    [streamIds],
  );
  const streams = new Map<string, ExportedStream>(streamIds.map((streamId) => [streamId, { streamId, events: [] }]));
  for (const row of rows) {
    const { streamId: _, ...event } = toLoggedEvent(row);
    streams.get(row.streamId)?.events.push(event);
  }
  const [checkpoint] = await latestCheckpoints(db, 1);
  // A stream with no event is left out, unless the checkpoint signed it: its events were deleted,
  // and the file must say so rather than look like an auction without that lot.
  const signed = new Set(checkpoint?.heads.map((head) => head.streamId));
  return {
    format: EXPORT_FORMAT,
    auctionId,
    exportedAt: now,
    streams: [...streams.values()].filter((s) => s.events.length > 0 || signed.has(s.streamId)),
    checkpoint: checkpoint ?? null,
  };
}

export interface ExportReport {
  events: number;
  streams: number;
  problems: ChainProblem[];
  checkpointFaults: string[];
}

/** Checks an export offline: every chain, and the checkpoint's root, signature and signed heads. */
export function verifyExport(file: AuditExport, trustedKey?: string): ExportReport {
  if (file.format !== EXPORT_FORMAT) throw new Error(`not an audit export (format ${String(file.format)})`);
  const checkpoints = file.checkpoint ? [file.checkpoint] : [];
  const checkpointFaults = checkpoints
    .map((c) => checkpointFault(c, trustedKey))
    .filter((fault): fault is string => fault !== null);
  const signed = signedHeads(checkpoints);
  const problems: ChainProblem[] = [];
  let events = 0;
  for (const stream of file.streams) {
    events += stream.events.length;
    const problem = checkStream(
      stream.events.map((event) => ({ ...event, streamId: stream.streamId })),
      signed.get(stream.streamId),
    );
    // A stream left with no event names no stream id of its own: the file's does.
    if (problem) problems.push({ ...problem, streamId: stream.streamId });
  }
  return { events, streams: file.streams.length, problems: orderProblems(problems), checkpointFaults };
}
