import { type Kysely, sql } from 'kysely';

/**
 * message_deliveries makes sending idempotent: a message id is recorded before its send, so a
 * redelivered job never sends twice. outbox_messages is what the local SMTP catcher and the local
 * SMS double received: the outbox page and the tests read it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE message_deliveries (
      message_id text PRIMARY KEY,
      channel text NOT NULL CHECK (channel IN ('email', 'sms')),
      template text NOT NULL,
      status text NOT NULL CHECK (status IN ('sending', 'sent', 'skipped', 'failed')),
      detail text,
      attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE outbox_messages (
      id bigserial PRIMARY KEY,
      channel text NOT NULL CHECK (channel IN ('email', 'sms')),
      message_id text,
      from_address text NOT NULL,
      to_address text NOT NULL,
      subject text,
      body text NOT NULL,
      html text,
      received_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX outbox_messages_to_idx ON outbox_messages (lower(to_address));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE outbox_messages, message_deliveries`.execute(db);
}
