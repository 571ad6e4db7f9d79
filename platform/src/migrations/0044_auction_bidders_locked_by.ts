import { type Kysely, sql } from 'kysely';

/**
 * Who locked a bidder out of an auction (docs/lots.md, "A lock stops a bidder's maxes"): a
 * maximum that passed its bid's check just before the lock landed is withdrawn
 * by the bid's own path once it sees the lock, and the withdrawal is written in the lot's stream
 * under the operator who locked, as the lock's own withdrawals are. Null for any other status,
 * and for locks set before this column existed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE auction_bidders ADD COLUMN locked_by uuid REFERENCES users(id) ON DELETE SET NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE auction_bidders DROP COLUMN locked_by`.execute(db);
}
