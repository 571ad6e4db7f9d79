import { type Kysely, sql } from 'kysely';

/**
 * What the workers have told the hub, so that several worker processes, a redelivered job or a
 * restart announce each thing once. `hub_announcements` keys one-shot events (a lot or closing
 * group turning red, a group closing or moving) by what they are about and the date they carry;
 * `auction_lifecycle` keeps the auction status and end date last announced, so a change made by
 * the workers or by an operator is announced once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE hub_announcements (
      key text PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE auction_lifecycle (
      auction_id integer PRIMARY KEY REFERENCES auctions(id) ON DELETE CASCADE,
      announced_status smallint NOT NULL,
      announced_date_completed timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE auction_lifecycle, hub_announcements`.execute(db);
}
