import { type Kysely, sql } from 'kysely';

/**
 * An announcement may be set to go out later, at a time or a number of minutes before the
 * auction's end, following the end when it moves ("bidding closes in ten minutes", written once
 * before the gala), and cancelled until it does (docs/messages.md "Scheduled announcements"). The
 * workers queue one whose time has come, and one whose send died on the way, by the partial index
 * of those still waiting, which stays as small as the announcements not yet gone out.
 *
 * It may also go to one guest: a message from the bidders list (audience `guest`, `guest_id`),
 * which goes with the guest's account, as what was said to them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE auction_announcements
      ADD COLUMN send_at timestamptz,
      ADD COLUMN minutes_before_end integer CHECK (minutes_before_end BETWEEN 1 AND 1440),
      ADD COLUMN cancelled_at timestamptz,
      ADD COLUMN cancelled_by uuid REFERENCES users(id) ON DELETE SET NULL,
      ADD COLUMN guest_id uuid REFERENCES users(id) ON DELETE CASCADE,
      ADD CHECK (send_at IS NULL OR minutes_before_end IS NULL),
      DROP CONSTRAINT auction_announcements_audience_check,
      ADD CONSTRAINT auction_announcements_audience_check
        CHECK (audience IN ('all', 'arrived', 'notArrived', 'guest')),
      ADD CHECK ((audience = 'guest') = (guest_id IS NOT NULL))`.execute(db);
  await sql`
    CREATE INDEX auction_announcements_waiting ON auction_announcements (auction_id, send_at)
    WHERE queued_at IS NULL AND cancelled_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX auction_announcements_waiting`.execute(db);
  await sql`DELETE FROM auction_announcements WHERE audience = 'guest'`.execute(db);
  await sql`
    ALTER TABLE auction_announcements
      DROP COLUMN guest_id, DROP COLUMN cancelled_by, DROP COLUMN cancelled_at,
      DROP COLUMN minutes_before_end, DROP COLUMN send_at,
      DROP CONSTRAINT auction_announcements_audience_check,
      ADD CONSTRAINT auction_announcements_audience_check
        CHECK (audience IN ('all', 'arrived', 'notArrived'))`.execute(db);
}
