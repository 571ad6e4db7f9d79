import { type Kysely, sql } from 'kysely';

/**
 * Idempotency keys (DESIGN.md §7, Stripe's semantics). One row per command the engine has
 * answered, accepted or refused: the key is the server's command id, which for a user's command is
 * already scoped to that user (engine/src/handler/commandKey.ts), so the primary key is in effect
 * (user, client's command id). `request` is the fingerprint of what was asked (stream, kind,
 * amount…), so the same key with another request is told apart from a retry; `refusal` is the
 * first answer of a refused command. An accepted command's row is written by the same statement
 * as its events (first_version, event_count locate them); a refusal's before it is answered.
 *
 * The key's uniqueness moves here from events (command_id, command_seq): a command claims one key
 * row instead of one index entry per event, and a refusal, which writes no event, claims the same
 * key space, so a key refused on one lot cannot be accepted on another.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE command_keys (
      command_id text PRIMARY KEY,
      stream_id text NOT NULL,
      request text,
      refusal text,
      first_version integer,
      event_count integer NOT NULL DEFAULT 0,
      recorded_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO command_keys (command_id, stream_id, first_version, event_count)
      SELECT command_id, min(stream_id), min(stream_version), count(*)::int FROM events GROUP BY command_id;
    ALTER TABLE events DROP CONSTRAINT events_command_id_command_seq_key;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE events ADD CONSTRAINT events_command_id_command_seq_key UNIQUE (command_id, command_seq);
    DROP TABLE command_keys;
  `.execute(db);
}
