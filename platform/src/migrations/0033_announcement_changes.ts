import { type Kysely, sql } from 'kysely';

/**
 * An announcement waiting for its time may be changed (its words, ways, audience and time), as
 * cancelling and writing it again would lose its place and its history (docs/messages.md
 * "Changing a message set for later"). Each change is kept: who made it, when, what the
 * announcement said before and what it says since. Its command id makes a retried change one
 * change; the count of changes is the announcement's revision, which a change names so that two
 * staff changing it at once do not overwrite each other unseen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE announcement_changes (
      id serial PRIMARY KEY,
      announcement_id integer NOT NULL REFERENCES auction_announcements(id) ON DELETE CASCADE,
      command_id text NOT NULL UNIQUE,
      changed_by uuid REFERENCES users(id) ON DELETE SET NULL,
      changed_at timestamptz NOT NULL DEFAULT now(),
      previous jsonb NOT NULL,
      applied jsonb NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX announcement_changes_of ON announcement_changes (announcement_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE announcement_changes`.execute(db);
}
