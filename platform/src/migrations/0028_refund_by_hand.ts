import { type Kysely, sql } from 'kysely';

/**
 * A refund says how the money went back (docs/payments.md "Giving back money paid by hand"): on
 * the card through Stripe, or handed back by the organisation in cash, by cheque or otherwise,
 * which it records once given (so it is made when written, and no card is touched). Every refund
 * before this one went to a card.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE invoice_refunds
      ADD COLUMN method text NOT NULL DEFAULT 'card',
      ADD CONSTRAINT invoice_refunds_method CHECK (method IN ('card', 'cash', 'cheque', 'other')),
      ADD CONSTRAINT invoice_refunds_by_hand CHECK (method = 'card' OR (status = 'succeeded' AND stripe_refund_id IS NULL));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM invoice_refunds WHERE method <> 'card';
    ALTER TABLE invoice_refunds
      DROP CONSTRAINT invoice_refunds_by_hand, DROP CONSTRAINT invoice_refunds_method, DROP COLUMN method;
  `.execute(db);
}
