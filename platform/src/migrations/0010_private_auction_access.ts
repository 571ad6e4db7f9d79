import { type Kysely, sql } from 'kysely';

/**
 * Private auctions (type 2, PrivateEvent) admit bidders explicitly (docs/security.md): an
 * invitation, an operator setting their status, or the auction's access code in its link stamps
 * `auction_bidders.admitted_at`. Visiting the auction marks Visited but admits no one. Every
 * auction gets an access code (it matters only while the auction is private); operators read it
 * and may change it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE auctions ADD COLUMN access_code text NOT NULL
      DEFAULT replace(gen_random_uuid()::text, '-', '');
    ALTER TABLE auction_bidders ADD COLUMN admitted_at timestamptz;
    -- Bidders invited before this column existed stay admitted.
    UPDATE auction_bidders b SET admitted_at = now()
      WHERE EXISTS (SELECT 1 FROM onboarding_invitations i
        WHERE i.auction_id = b.auction_id AND i.registered_user_id = b.user_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE auction_bidders DROP COLUMN admitted_at;
    ALTER TABLE auctions DROP COLUMN access_code;
  `.execute(db);
}
