import type { KeyObject } from 'node:crypto';
import type { Queryable } from '../store/postgres/queryable.ts';
import { type ChainProblem, checkStream, type LoggedEvent, type SignedHead } from './chainCheck.ts';
import { type Checkpoint, checkpointFault, signCheckpoint } from './checkpointSignature.ts';
import { LOGGED_EVENT_COLUMNS, type LoggedEventRow, toLoggedEvent } from './loggedEventRow.ts';
import type { StreamHead } from './merkle.ts';

/** Every stream's last event, in one statement: one snapshot of the whole log. */
export async function readHeads(db: Queryable): Promise<StreamHead[]> {
  const { rows } = await db.query<{ stream_id: string; stream_version: number; hash: string }>(
    `SELECT DISTINCT ON (stream_id) stream_id, stream_version, hash
     FROM events ORDER BY stream_id, stream_version DESC`,
  );
  return rows.map((r) => ({ streamId: r.stream_id, version: r.stream_version, hash: r.hash }));
}

type CheckpointRow = {
  id: string;
  root: string;
  stream_count: number;
  heads: Array<[string, number, string]>;
  signed_at: string | number;
  public_key: string;
  signature: string;
};

function toCheckpoint(row: CheckpointRow): Checkpoint {
  return {
    id: String(row.id),
    root: row.root,
    streamCount: row.stream_count,
    heads: row.heads.map(([streamId, version, hash]) => ({ streamId, version, hash })),
    signedAt: Number(row.signed_at),
    publicKey: row.public_key,
    signature: row.signature,
  };
}

const CHECKPOINT_COLUMNS =
  'id, root, stream_count, heads, (extract(epoch FROM signed_at) * 1000)::bigint AS signed_at, public_key, signature';

/** The latest checkpoints, newest first. */
export async function latestCheckpoints(db: Queryable, count = 1): Promise<Checkpoint[]> {
  const { rows } = await db.query<CheckpointRow>(
    `SELECT ${CHECKPOINT_COLUMNS} FROM audit_checkpoints ORDER BY id DESC LIMIT $1`,
    [count],
  );
  return rows.map(toCheckpoint);
}

/**
 * Signs the heads of every stream as they are now. When nothing was appended since the latest
 * checkpoint (same root) that one stands and nothing is written, so an idle log does not grow a
 * checkpoint every period.
 */
export async function takeCheckpoint(db: Queryable, key: KeyObject, now = Date.now()): Promise<Checkpoint> {
  const heads = await readHeads(db);
  const signed = signCheckpoint(heads, key, now);
  const [latest] = await latestCheckpoints(db);
  if (latest && latest.root === signed.root && latest.publicKey === signed.publicKey) return latest;
  const { rows } = await db.query<CheckpointRow>(
    `INSERT INTO audit_checkpoints (root, stream_count, heads, signed_at, public_key, signature)
     VALUES ($1, $2, $3::jsonb, to_timestamp($4 / 1000.0), $5, $6)
     RETURNING ${CHECKPOINT_COLUMNS}`,
    [
      signed.root,
      signed.streamCount,
      JSON.stringify(signed.heads.map((h) => [h.streamId, h.version, h.hash])),
      signed.signedAt,
      signed.publicKey,
      signed.signature,
    ],
  );
  return toCheckpoint(rows[0] as CheckpointRow);
}

export interface VerifyOptions {
  /** The audit key's public half: checkpoints signed by another key are faults. */
  trustedKey?: string;
  /** How many of the latest checkpoints to check (default 5). */
  checkpoints?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface VerifyReport {
  events: number;
  streams: number;
  checkpoints: Checkpoint[];
  /** The first departure of each broken stream, earliest recorded first. */
  problems: ChainProblem[];
  checkpointFaults: string[];
}

/** Signed heads to hold each stream to: the latest checked checkpoint that names the stream. */
export function signedHeads(checkpoints: Checkpoint[]): Map<string, SignedHead> {
  const heads = new Map<string, SignedHead>();
  for (const checkpoint of checkpoints) {
    for (const head of checkpoint.heads) {
      if (!heads.has(head.streamId)) heads.set(head.streamId, { ...head, checkpointId: checkpoint.id });
    }
  }
  return heads;
}

/** Earliest recorded first, so "the first event tampered with" is the oldest one found. */
export function orderProblems(problems: ChainProblem[]): ChainProblem[] {
  return problems.sort((a, b) => (a.globalPosition ?? Infinity) - (b.globalPosition ?? Infinity));
}

const PAGE = 5000;

/**
 * Recomputes every stream's chain from the rows as stored (read in pages in stream order, one
 * stream held at a time) and checks the latest checkpoints: their signatures and roots, and that
 * every head they signed is still in the log with its hash.
 */
export async function verifyLog(db: Queryable, options: VerifyOptions = {}): Promise<VerifyReport> {
  const checkpoints = await latestCheckpoints(db, options.checkpoints ?? 5);
  const checkpointFaults = checkpoints
    .map((c) => checkpointFault(c, options.trustedKey))
    .filter((f): f is string => f !== null);
  const signed = signedHeads(checkpoints);
  const total = Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0]?.n ?? 0);

  const problems: ChainProblem[] = [];
  const seen = new Set<string>();
  let stream: LoggedEvent[] = [];
  let done = 0;
  const close = () => {
    const first = stream[0];
    if (!first) return;
    seen.add(first.streamId);
    const problem = checkStream(stream, signed.get(first.streamId));
    if (problem) problems.push(problem);
    stream = [];
  };
  let after = { streamId: '', version: 0 };
  for (;;) {
    const { rows } = await db.query<LoggedEventRow>(
      `SELECT ${LOGGED_EVENT_COLUMNS}
       FROM events WHERE (stream_id, stream_version) > ($1, $2)
       ORDER BY stream_id, stream_version LIMIT ${PAGE}`,
      [after.streamId, after.version],
    );
    for (const row of rows) {
      if (stream.length > 0 && stream[0]?.streamId !== row.streamId) close();
      stream.push(toLoggedEvent(row));
      after = { streamId: row.streamId, version: row.streamVersion };
    }
    done += rows.length;
    options.onProgress?.(done, total);
    if (rows.length < PAGE) break;
  }
  close();
  for (const [streamId, head] of signed) {
    if (!seen.has(streamId)) {
      problems.push({
        kind: 'deleted',
        streamId,
        streamVersion: 1,
        detail: `checkpoint ${head.checkpointId} signed it at version ${head.version}; it is gone`,
      });
    }
  }
  return { events: done, streams: seen.size, checkpoints, problems: orderProblems(problems), checkpointFaults };
}
