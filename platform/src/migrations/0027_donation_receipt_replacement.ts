import { type Kysely, sql } from 'kysely';

/**
 * A donation receipt follows the refunds of its invoice (docs/payments.md "When a refund changes
 * the gift"): the receipt in force is voided and, when the gift left still earns one, a replacement
 * is issued under a new number, naming the receipt it replaces. A voided receipt is never deleted
 * or changed again; an invoice has at most one receipt in force.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE donation_receipts
      DROP CONSTRAINT donation_receipts_invoice_id_key,
      ADD COLUMN voided_at timestamptz,
      ADD COLUMN replaces_number integer,
      ADD CONSTRAINT donation_receipts_replaces CHECK (replaces_number IS NULL OR replaces_number <> number);
    CREATE UNIQUE INDEX donation_receipts_in_force ON donation_receipts (invoice_id) WHERE voided_at IS NULL;
    CREATE INDEX donation_receipts_invoice_idx ON donation_receipts (invoice_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM donation_receipts WHERE voided_at IS NOT NULL;
    DROP INDEX donation_receipts_in_force, donation_receipts_invoice_idx;
    ALTER TABLE donation_receipts
      DROP CONSTRAINT donation_receipts_replaces,
      DROP COLUMN voided_at, DROP COLUMN replaces_number,
      ADD CONSTRAINT donation_receipts_invoice_id_key UNIQUE (invoice_id);
  `.execute(db);
}
