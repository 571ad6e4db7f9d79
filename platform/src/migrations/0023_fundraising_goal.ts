import { type Kysely, sql } from 'kysely';

/**
 * The evening's fundraising goal (issue 20 §6; docs/console.md "Closing minute and projector"):
 * the amount in cents the organisation aims to raise with an auction, which the projector's
 * thermometer rises towards. Null until an operator sets it; the projector then shows the total only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE auctions ADD COLUMN fundraising_goal bigint CHECK (fundraising_goal > 0);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE auctions DROP COLUMN fundraising_goal;`.execute(db);
}
