import { type Kysely, sql } from 'kysely';

/**
 * An organiser's message to an auction's guests ("bidding closes in ten minutes"), by email, SMS
 * and Web Push (docs/messages.md "Announcements to guests"). One row per announcement, keyed by
 * its command id so a retried send is the same announcement; what each guest was sent is in
 * `message_deliveries` under `announcement:<id>:<user>:<channel>`. `queued_at` stays null until
 * its messages are on the queue, so a retry knows to queue them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE auction_announcements (
      id serial PRIMARY KEY,
      auction_id integer NOT NULL REFERENCES auctions(id) ON DELETE CASCADE,
      command_id text NOT NULL UNIQUE,
      sent_by uuid REFERENCES users(id) ON DELETE SET NULL,
      message_en text,
      message_fr text,
      audience text NOT NULL CHECK (audience IN ('all', 'arrived', 'notArrived')),
      channels text[] NOT NULL,
      email_recipients integer NOT NULL DEFAULT 0,
      sms_recipients integer NOT NULL DEFAULT 0,
      push_recipients integer NOT NULL DEFAULT 0,
      queued_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (message_en IS NOT NULL OR message_fr IS NOT NULL)
    )`.execute(db);
  await sql`CREATE INDEX auction_announcements_auction ON auction_announcements (auction_id, created_at DESC)`.execute(
    db,
  );
  // The console counts an announcement's deliveries by their id's prefix: this index holds only
  // those rows, and text_pattern_ops serves the prefix whatever the database's collation.
  await sql`
    CREATE INDEX message_deliveries_announcements ON message_deliveries (message_id text_pattern_ops)
    WHERE message_id LIKE 'announcement:%'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX message_deliveries_announcements`.execute(db);
  await sql`DROP TABLE auction_announcements`.execute(db);
}
