import { type Kysely, sql } from 'kysely';

/**
 * What makes a donation receipt official in Canada (docs/payments.md "Donation receipts"): the
 * charity's registration number with the Canada Revenue Agency (nine digits, "RR", four digits)
 * and the address on record with it. Set per organisation in the console; each receipt keeps a
 * copy of both as they were when it was issued, so a receipt never changes after the donor has it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE organizations
      ADD COLUMN charity_registration_number text CHECK (charity_registration_number ~ '^[0-9]{9}RR[0-9]{4}$'),
      ADD COLUMN receipt_address text CHECK (length(receipt_address) <= 300);
    ALTER TABLE donation_receipts
      ADD COLUMN charity_registration_number text,
      ADD COLUMN organization_address text;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE donation_receipts DROP COLUMN charity_registration_number, DROP COLUMN organization_address;
    ALTER TABLE organizations DROP COLUMN charity_registration_number, DROP COLUMN receipt_address;
  `.execute(db);
}
