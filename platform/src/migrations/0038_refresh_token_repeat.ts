import { type Kysely, sql } from 'kysely';

/**
 * The token a family spent last, and so when (`rotated_at`): a refresh whose answer was lost (the
 * page reloaded or the phone dropped its connection while the new cookie was on its way) presents
 * that token again, and within a short while it is answered with the family's current token
 * instead of being taken for a thief's copy (api/src/accounts/refreshTokens.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE refresh_token_families ADD COLUMN previous_token_id uuid`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE refresh_token_families DROP COLUMN previous_token_id`.execute(db);
}
