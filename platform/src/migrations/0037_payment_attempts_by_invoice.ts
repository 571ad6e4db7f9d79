import { type Kysely, sql } from 'kysely';

/**
 * An invoice's payment attempts found by its id. Migration 0034 dropped the partial unique index
 * on succeeded attempts (an invoice may be charged twice), and with it the only index that found
 * an invoice's charges: every invoice page, payment and list then read the whole table, once per
 * invoice in the console's list (3,000 invoices with 1,000 charges: a quarter of a second,
 * docs/benchmarks.md "Invoices of an auction").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX payment_attempts_invoice_idx ON payment_attempts (invoice_id, status)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX payment_attempts_invoice_idx`.execute(db);
}
