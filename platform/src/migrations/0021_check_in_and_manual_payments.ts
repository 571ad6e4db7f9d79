import { type Kysely, sql } from 'kysely';

/**
 * The door and the cash box (issue 19 §5, §6; docs/console.md):
 *
 * - auction_bidders.arrived_at / arrived_by: a guest checked in at the door, when and by whom.
 *   Set once; checking in again keeps the first (the volunteer who saw them first).
 * - invoice_manual_payments: payments made outside the product (cash, cheque, other), recorded
 *   by the organisation's staff. A command id names each one, unique per invoice, so a retried
 *   record adds nothing. An invoice becomes paid when its manual payments and its card payment
 *   reach its total.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE auction_bidders
      ADD COLUMN arrived_at timestamptz,
      ADD COLUMN arrived_by uuid REFERENCES users(id) ON DELETE SET NULL;

    CREATE TABLE invoice_manual_payments (
      id serial PRIMARY KEY,
      invoice_id integer NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
      command_id text NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      method text NOT NULL CHECK (method IN ('cash', 'cheque', 'other')),
      note text,
      recorded_by uuid REFERENCES users(id) ON DELETE SET NULL,
      recorded_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (invoice_id, command_id)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE invoice_manual_payments;
    ALTER TABLE auction_bidders DROP COLUMN arrived_at, DROP COLUMN arrived_by;
  `.execute(db);
}
