import { type Kysely, sql } from 'kysely';

/**
 * An invoice may be charged on a card again once a payment recorded beside its card payment is
 * cancelled (a cheque that bounced): it owes that amount again (docs/payments.md "A second card
 * charge"). So an invoice no longer has at most one succeeded attempt; it still has at most one
 * open attempt, and an attempt is claimed only while the invoice is unpaid, for what is due.
 *
 * A card's refund goes back through one PaymentIntent, chosen when the refund is recorded and kept
 * on its row, so a retry refunds through the same charge. Every card refund before this one went
 * through the invoice's one successful charge.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX payment_attempts_one_succeeded`.execute(db);
  await sql`ALTER TABLE invoice_refunds ADD COLUMN payment_intent_id text`.execute(db);
  await sql`
    UPDATE invoice_refunds r SET payment_intent_id = a.payment_intent_id
    FROM payment_attempts a
    WHERE r.method = 'card' AND a.invoice_id = r.invoice_id AND a.status = 'succeeded'`.execute(db);
  await sql`
    ALTER TABLE invoice_refunds
      ADD CONSTRAINT invoice_refunds_card_charge CHECK ((method = 'card') = (payment_intent_id IS NOT NULL))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE invoice_refunds DROP CONSTRAINT invoice_refunds_card_charge, DROP COLUMN payment_intent_id`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX payment_attempts_one_succeeded ON payment_attempts (invoice_id) WHERE status = 'succeeded'`.execute(
    db,
  );
}
