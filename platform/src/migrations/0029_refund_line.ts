import { type Kysely, sql } from 'kysely';

/**
 * A refund may name the invoice line it took back (docs/payments.md "A refund for one line"): a
 * lot not delivered, a purchase returned. The donation receipt then takes it out of that line
 * rather than out of the whole gift. Refunds before this one name none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE invoice_refunds ADD COLUMN line_id text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE invoice_refunds DROP COLUMN line_id`.execute(db);
}
