import { type Kysely, sql } from 'kysely';

/**
 * The event store (DESIGN.md §4). transaction_id records the writer's xid so subscribers can read
 * in (transaction_id, global_position) order below the oldest running transaction and never skip
 * an event whose transaction commits after a later position was already visible.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE events (
      global_position bigserial PRIMARY KEY,
      transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
      stream_id text NOT NULL,
      stream_version integer NOT NULL,
      type text NOT NULL,
      data jsonb NOT NULL,
      meta jsonb NOT NULL,
      command_id text NOT NULL,
      command_seq smallint NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (stream_id, stream_version),
      UNIQUE (command_id, command_seq)
    );
    CREATE INDEX events_transaction_order_idx ON events (transaction_id, global_position);
    CREATE TABLE subscription_checkpoints (
      subscription_id text PRIMARY KEY,
      transaction_id xid8 NOT NULL,
      global_position bigint NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE subscription_checkpoints, events`.execute(db);
}
