import { type Kysely, sql } from 'kysely';

/**
 * An announcement tied to an end may be tied to a closing group's rather than the auction's ("the
 * silent auction's first tables close in ten minutes"): it follows the group's end as it moves
 * (docs/messages.md "Before a closing group closes").
 *
 * No foreign key, on purpose: removing a group cancels what was waiting for it, and the
 * announcements that went out keep saying they were tied to a group, one no longer there, rather
 * than passing for ones tied to the auction's end.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE auction_announcements
      ADD COLUMN closing_group_id integer,
      ADD CHECK (closing_group_id IS NULL OR minutes_before_end IS NOT NULL)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE auction_announcements DROP COLUMN closing_group_id`.execute(db);
}
