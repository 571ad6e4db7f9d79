import { type Kysely, sql } from 'kysely';

/**
 * When the sweep of stale payment attempts last looked at an attempt it had to leave open
 * (docs/payments.md "Attempts left open"): Stripe still processing it, or its settlement failing.
 * The sweep reads a bounded number a run, the ones it has not looked at first, then the ones it
 * looked at longest ago. Ordered by age alone, a run's worth of attempts that stay open would be
 * read again at every run, and every attempt behind them never.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE payment_attempts ADD COLUMN swept_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE payment_attempts DROP COLUMN swept_at`.execute(db);
}
