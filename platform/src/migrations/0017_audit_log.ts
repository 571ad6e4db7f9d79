import { createHash } from 'node:crypto';
import { eventHashInput, GENESIS_HASH } from '@auction/contract/canonicalJson';
import { type Kysely, sql } from 'kysely';

/**
 * The tamper-evident log (docs/audit.md).
 *
 * - events.hash: SHA-256 of the event's canonical content (stream, version, type, data, meta,
 *   created_at in ms) and the previous event's hash in its stream; the writer computes it in Node
 *   and inserts it with the event, in the append's one statement. created_at becomes the writer's
 *   time in whole milliseconds, so the hashed time is exactly the stored one. A row written
 *   behind the store's back gets an empty hash, which the verifier names as inserted.
 * - audit_checkpoints: signed Merkle roots over every stream's head, with the heads themselves and
 *   the public key that verifies the signature.
 *
 * Events recorded before this migration get their chains here, in stream order.
 */
const PAGE = 2000;

type Row = {
  global_position: string;
  stream_id: string;
  stream_version: number;
  type: string;
  data: unknown;
  meta: unknown;
  recorded_at: string;
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE events ADD COLUMN hash text;
    UPDATE events SET created_at = date_trunc('milliseconds', created_at);
  `.execute(db);

  let after: { streamId: string; version: number } = { streamId: '', version: 0 };
  let previous = GENESIS_HASH;
  for (;;) {
    const { rows } = await sql<Row>`
      SELECT global_position, stream_id, stream_version, type, data, meta,
             (extract(epoch FROM created_at) * 1000)::bigint AS recorded_at
      FROM events WHERE (stream_id, stream_version) > (${after.streamId}, ${after.version})
      ORDER BY stream_id, stream_version LIMIT ${PAGE}`.execute(db);
    if (rows.length === 0) break;
    const positions: string[] = [];
    const hashes: string[] = [];
    for (const row of rows) {
      if (row.stream_id !== after.streamId) previous = GENESIS_HASH;
      const event = {
        streamId: row.stream_id,
        streamVersion: row.stream_version,
        type: row.type,
        data: row.data,
        meta: row.meta,
        recordedAt: Number(row.recorded_at),
      };
      previous = createHash('sha256').update(eventHashInput(event, previous)).digest('hex');
      positions.push(row.global_position);
      hashes.push(previous);
      after = { streamId: row.stream_id, version: row.stream_version };
    }
    await sql`
      UPDATE events SET hash = v.hash
      FROM unnest(${positions}::bigint[], ${hashes}::text[]) AS v(position, hash)
      WHERE events.global_position = v.position`.execute(db);
  }

  await sql`
    ALTER TABLE events ALTER COLUMN hash SET NOT NULL, ALTER COLUMN hash SET DEFAULT '';
    CREATE TABLE audit_checkpoints (
      id bigserial PRIMARY KEY,
      root text NOT NULL,
      stream_count integer NOT NULL,
      heads jsonb NOT NULL,
      signed_at timestamptz NOT NULL,
      public_key text NOT NULL,
      signature text NOT NULL
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE audit_checkpoints;
    ALTER TABLE events DROP COLUMN hash;
  `.execute(db);
}
