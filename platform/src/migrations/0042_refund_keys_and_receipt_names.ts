import { type Kysely, sql } from 'kysely';

/**
 * Refunds' keys (docs/payments.md "Refunds"). A refund's command id is its sender's (DESIGN.md §7):
 * unique per user, not across the table. Unique across the table, one organisation's key refused
 * another's (`idempotency_key_reused` told it existed) and one user's key sent at once for two
 * invoices failed on the index (500). Stripe's idempotency key is kept on the row
 * (`stripe_idempotency_key`): a new refund's is its own id, so two users' refunds never meet at
 * Stripe; a refund recorded before keeps the key it was sent under (`invoice-refund-<invoice
 * id>-<command id>`), so a pending one continued after the upgrade is the same Refund at Stripe,
 * never a second one.
 *
 * Donation receipts' names (docs/payments.md "Donation receipts"). A receipt copies, when issued,
 * the donor's name and address and the organisation's name, as it already copies the registration
 * number and the address on record (migration 0024): an official receipt never changes once the
 * donor has it, whoever edits a profile later. The receipts issued before are filled from the
 * names and addresses as they are now (the address lines as the documents print them, one a line).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE invoice_refunds ADD COLUMN stripe_idempotency_key text;
    UPDATE invoice_refunds SET stripe_idempotency_key = 'invoice-refund-' || invoice_id || '-' || command_id;
    ALTER TABLE invoice_refunds
      ALTER COLUMN stripe_idempotency_key SET NOT NULL,
      ADD CONSTRAINT invoice_refunds_stripe_idempotency_key_key UNIQUE (stripe_idempotency_key),
      DROP CONSTRAINT invoice_refunds_command_id_key,
      ADD CONSTRAINT invoice_refunds_command_key UNIQUE (requested_by, command_id);

    ALTER TABLE donation_receipts
      ADD COLUMN donor_name text,
      ADD COLUMN donor_address text,
      ADD COLUMN organization_name text;
    UPDATE donation_receipts d SET
      donor_name = trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')),
      donor_address = concat_ws(chr(10),
        nullif(concat_ws(', ', nullif(u.address, ''), nullif(u.apartment, '')), ''),
        nullif(concat_ws(' ', nullif(u.city, ''), nullif(u.province, ''), nullif(u.postal_code, '')), ''),
        nullif(u.country, '')),
      organization_name = o.name
    FROM invoices i, users u, organizations o
    WHERE i.id = d.invoice_id AND u.id = i.bidder_id AND o.id = d.organization_id;
    ALTER TABLE donation_receipts
      ALTER COLUMN donor_name SET NOT NULL,
      ALTER COLUMN donor_address SET NOT NULL,
      ALTER COLUMN organization_name SET NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE donation_receipts DROP COLUMN donor_name, DROP COLUMN donor_address, DROP COLUMN organization_name;
    ALTER TABLE invoice_refunds
      DROP CONSTRAINT invoice_refunds_command_key,
      ADD CONSTRAINT invoice_refunds_command_id_key UNIQUE (command_id),
      DROP COLUMN stripe_idempotency_key;
  `.execute(db);
}
