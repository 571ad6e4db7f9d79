import { type Kysely, sql } from 'kysely';

/**
 * Invoice documents, donation receipts, automatic charging and refunds (docs/payments.md).
 *
 * - auctions.donation_receipt_minimum_cents: the smallest eligible amount a receipt is issued for
 *   (spec 000 §9 "set per auction"); 20 dollars by default, the usual threshold of Canadian charities.
 * - auctions.charge_automatically_at_completion: charge each winner's selected card when the
 *   invoices are generated.
 * - invoices.automatic_charge: 'pending' when generated under that option, 'attempted' once a
 *   charge was claimed for it, so a job run twice attempts it once.
 * - receipt_counters / donation_receipts: one receipt per paid invoice at most (invoice_id unique),
 *   numbered per organisation by a counter raised in the same transaction, so without gaps and
 *   never reused, like invoice numbers.
 * - invoice_refunds: each refund an operator asked for; its command id is the Stripe idempotency key.
 * - outbox_messages.attachments: the file names, types and sizes of what the local SMTP catcher
 *   received (the bytes are not kept), so the dev outbox shows an invoice email's PDF.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE auctions
      ADD COLUMN donation_receipt_minimum_cents bigint NOT NULL DEFAULT 2000
        CHECK (donation_receipt_minimum_cents >= 0),
      ADD COLUMN charge_automatically_at_completion boolean NOT NULL DEFAULT false;

    ALTER TABLE invoices
      ADD COLUMN automatic_charge text CHECK (automatic_charge IN ('pending', 'attempted'));

    CREATE TABLE receipt_counters (
      organization_id integer PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
      last_number integer NOT NULL CHECK (last_number > 0)
    );

    CREATE TABLE donation_receipts (
      id serial PRIMARY KEY,
      invoice_id integer NOT NULL UNIQUE REFERENCES invoices(id),
      organization_id integer NOT NULL REFERENCES organizations(id),
      number integer NOT NULL,
      eligible_amount bigint NOT NULL CHECK (eligible_amount > 0),
      fair_market_value bigint NOT NULL CHECK (fair_market_value >= 0),
      amount_received bigint NOT NULL CHECK (amount_received >= 0),
      language text NOT NULL CHECK (language IN ('en', 'fr')),
      issued_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (organization_id, number)
    );

    CREATE TABLE invoice_refunds (
      id uuid PRIMARY KEY,
      invoice_id integer NOT NULL REFERENCES invoices(id),
      command_id text NOT NULL UNIQUE,
      requested_by uuid NOT NULL REFERENCES users(id),
      amount bigint NOT NULL CHECK (amount > 0),
      reason text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed', 'canceled')),
      stripe_refund_id text UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX invoice_refunds_invoice_idx ON invoice_refunds (invoice_id);

    ALTER TABLE outbox_messages ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE outbox_messages DROP COLUMN attachments;
    DROP TABLE invoice_refunds, donation_receipts, receipt_counters;
    ALTER TABLE invoices DROP COLUMN automatic_charge;
    ALTER TABLE auctions DROP COLUMN donation_receipt_minimum_cents, DROP COLUMN charge_automatically_at_completion;
  `.execute(db);
}
