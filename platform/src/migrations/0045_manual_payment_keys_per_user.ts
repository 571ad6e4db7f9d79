import { type Kysely, sql } from 'kysely';

/**
 * Keys of payments recorded by hand and of their cancellations (docs/payments.md "Payments recorded
 * by hand"). A command id is its sender's (DESIGN.md §7), as a refund's is (migration 0042): unique
 * per recording user, and a cancellation's per cancelling user, not per invoice. Per invoice,
 * another staff member's same id was answered the first person's recording as a duplicate though
 * nothing of theirs was written, and one user's id could name two recordings on two invoices.
 *
 * A user's id that already names recordings (or cancellations) on two invoices stays with the
 * first; the later ones get their row's id appended, so the index can hold and a retry of them is
 * refused rather than recorded again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE invoice_manual_payments p SET command_id = p.command_id || ':' || p.id
    WHERE EXISTS (
      SELECT 1 FROM invoice_manual_payments q
      WHERE q.recorded_by = p.recorded_by AND q.command_id = p.command_id AND q.id < p.id);
    UPDATE invoice_manual_payments p SET cancel_command_id = p.cancel_command_id || ':' || p.id
    WHERE EXISTS (
      SELECT 1 FROM invoice_manual_payments q
      WHERE q.cancelled_by = p.cancelled_by AND q.cancel_command_id = p.cancel_command_id AND q.id < p.id);
    ALTER TABLE invoice_manual_payments
      DROP CONSTRAINT invoice_manual_payments_invoice_id_command_id_key,
      ADD CONSTRAINT invoice_manual_payments_command_key UNIQUE (recorded_by, command_id),
      ADD CONSTRAINT invoice_manual_payments_cancel_command_key UNIQUE (cancelled_by, cancel_command_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE invoice_manual_payments
      DROP CONSTRAINT invoice_manual_payments_cancel_command_key,
      DROP CONSTRAINT invoice_manual_payments_command_key,
      ADD CONSTRAINT invoice_manual_payments_invoice_id_command_id_key UNIQUE (invoice_id, command_id);
  `.execute(db);
}
