import { type Kysely, sql } from 'kysely';

/**
 * A payment recorded by hand can be cancelled while its invoice is unpaid (docs/payments.md
 * "Cancelling a payment recorded by hand"): a cash amount typed twice, a cheque that bounced. The
 * row stays, with who cancelled it, when and why, so the console and an accountant still see it;
 * every sum of what an invoice was paid leaves it out. The cancelling command's id is kept on the
 * row, so a retried cancellation answers the first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE invoice_manual_payments
      ADD COLUMN cancelled_at timestamptz,
      ADD COLUMN cancelled_by uuid REFERENCES users(id) ON DELETE SET NULL,
      ADD COLUMN cancel_reason text,
      ADD COLUMN cancel_command_id text,
      ADD CONSTRAINT invoice_manual_payments_cancellation
        CHECK ((cancelled_at IS NULL) = (cancel_reason IS NULL AND cancel_command_id IS NULL));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE invoice_manual_payments
      DROP CONSTRAINT invoice_manual_payments_cancellation,
      DROP COLUMN cancelled_at, DROP COLUMN cancelled_by, DROP COLUMN cancel_reason, DROP COLUMN cancel_command_id;
  `.execute(db);
}
