import type { KeyObject } from 'node:crypto';
import type { Queryable } from '../store/postgres/queryable.ts';
import { type ChainProblem, checkStream, type LoggedEvent, type SignedHead } from './chainCheck.ts';
import { type Checkpoint, checkpointFault, publicKeyText, signCheckpoint } from './checkpointSignature.ts';
import { LOGGED_EVENT_COLUMNS, type LoggedEventRow, toLoggedEvent } from './loggedEventRow.ts';
import { type StreamHead, sortHeads } from './merkle.ts';
import { departureFromSigned } from './signedExtension.ts';

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

/** A checkpoint just taken, with the streams it would not sign as they stand. */
export interface TakenCheckpoint extends Checkpoint {
  /**
   * Streams that no longer extend what the previous checkpoint signed (or, never signed, whose
   * chain is broken): held at the head signed before, or left out, and named here for an alarm.
   */
  withheld: ChainProblem[];
}

/** The latest checkpoint this key signed that holds on its own (root, signature): what a new one extends. */
async function previousOwnCheckpoint(db: Queryable, publicKey: string): Promise<Checkpoint | undefined> {
  const { rows } = await db.query<CheckpointRow>(
    `SELECT ${CHECKPOINT_COLUMNS} FROM audit_checkpoints WHERE public_key = $1 ORDER BY id DESC LIMIT 5`,
    [publicKey],
  );
  return rows.map(toCheckpoint).find((checkpoint) => checkpointFault(checkpoint, publicKey) === null);
}

/** How many streams' new events one read takes, so that a checkpoint after a busy period reads in bounded parts. */
const STREAMS_PER_READ = 100;

/**
 * The heads a new checkpoint may sign: every stream whose events since the previous checkpoint
 * still extend the head it signed (signedExtension.ts). A stream that does not keeps the head
 * signed before (or is left out if it never had one), so the checkpoint never vouches for history
 * rewritten behind the store, and the verifier keeps holding the stream to what was written.
 * Streams unchanged since the previous checkpoint are not read.
 */
async function headsToSign(
  db: Queryable,
  heads: StreamHead[],
  previous: Checkpoint | undefined,
): Promise<{ heads: StreamHead[]; withheld: ChainProblem[] }> {
  const signed = new Map(previous?.heads.map((head) => [head.streamId, { ...head, checkpointId: previous.id }]));
  const sound: StreamHead[] = [];
  const withheld: ChainProblem[] = [];
  const changed: StreamHead[] = [];
  for (const head of heads) {
    const before = signed.get(head.streamId);
    if (before?.version === head.version && before.hash === head.hash) sound.push(head);
    else changed.push(head);
  }
  for (let i = 0; i < changed.length; i += STREAMS_PER_READ) {
    const part = changed.slice(i, i + STREAMS_PER_READ);
    const { rows } = await db.query<LoggedEventRow>(
      `SELECT ${LOGGED_EVENT_COLUMNS}
       FROM (SELECT e.* FROM events e
             JOIN unnest($1::text[], $2::int[], $3::int[]) AS s(stream_id, from_version, to_version)
               ON e.stream_id = s.stream_id AND e.stream_version BETWEEN s.from_version AND s.to_version) AS events
       ORDER BY stream_id, stream_version`,
      [
        part.map((head) => head.streamId),
        part.map((head) => signed.get(head.streamId)?.version ?? 1),
        part.map((head) => head.version),
      ],
    );
    const byStream = new Map<string, LoggedEvent[]>();
    for (const row of rows) {
      const events = byStream.get(row.streamId) ?? [];
      events.push(toLoggedEvent(row));
      byStream.set(row.streamId, events);
    }
    for (const head of part) {
      const before = signed.get(head.streamId);
      const departure = departureFromSigned(head.streamId, byStream.get(head.streamId) ?? [], before);
      if (departure === null) {
        sound.push(head);
        continue;
      }
      withheld.push(departure);
      if (before) sound.push({ streamId: before.streamId, version: before.version, hash: before.hash });
    }
  }
  const present = new Set(heads.map((head) => head.streamId));
  for (const before of signed.values()) {
    if (present.has(before.streamId)) continue;
    withheld.push({
      kind: 'deleted',
      streamId: before.streamId,
      streamVersion: 1,
      detail: `checkpoint ${before.checkpointId} signed it at version ${before.version}; it is gone`,
    });
    sound.push({ streamId: before.streamId, version: before.version, hash: before.hash });
  }
  return { heads: sortHeads(sound), withheld: orderProblems(withheld) };
}

/**
 * Signs the heads of every stream as they are now, where they still extend what the previous
 * checkpoint signed (headsToSign). When nothing was appended since that checkpoint (same root)
 * it stands and nothing is written, so an idle log does not grow a checkpoint every period.
 */
export async function takeCheckpoint(db: Queryable, key: KeyObject, now = Date.now()): Promise<TakenCheckpoint> {
  const current = await readHeads(db);
  const previous = await previousOwnCheckpoint(db, publicKeyText(key));
  const { heads, withheld } = await headsToSign(db, current, previous);
  const signed = signCheckpoint(heads, key, now);
  if (previous?.root === signed.root) return { ...previous, withheld };
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
  return { ...toCheckpoint(rows[0] as CheckpointRow), withheld };
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

/** Signed heads to hold each stream to: every checked checkpoint's that names the stream, newest first. */
export function signedHeads(checkpoints: Checkpoint[]): Map<string, SignedHead[]> {
  const heads = new Map<string, SignedHead[]>();
  for (const checkpoint of checkpoints) {
    for (const head of checkpoint.heads) {
      const held = heads.get(head.streamId) ?? [];
      held.push({ ...head, checkpointId: checkpoint.id });
      heads.set(head.streamId, held);
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
  for (const [streamId, [head]] of signed) {
    if (head && !seen.has(streamId)) {
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
