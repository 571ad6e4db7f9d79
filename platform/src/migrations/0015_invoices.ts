import { type Kysely, sql } from 'kysely';

/**
 * Invoices and their payment (spec 000 §3 "Invoice", "Invoice line"; DESIGN.md §7 "Money").
 *
 * - organization_tax_rates: the taxes an organisation charges, in order, each a name and a rate in
 *   millionths (Quebec: GST 50 000, QST 99 750).
 * - invoice_counters: each organisation's last invoice number, raised in the transaction that
 *   writes the invoices, so numbers follow each other per organisation and are never reused.
 * - invoices: one per bidder and auction for what they won and bought, and one more for their
 *   donations (is_donation); (auction, bidder, is_donation) is unique, which makes generating twice
 *   create nothing. Amounts in cents, figured once at generation (platform/src/invoices). The
 *   public key (the invoice page's {stripeInvoiceId}) is random, so ids cannot be walked.
 * - invoice_items and invoice_taxes: the lines and taxes as they were invoiced.
 * - payment_attempts: each attempt to charge an invoice, claimed before Stripe is called; its id
 *   is the PaymentIntent's idempotency key. At most one open and at most one succeeded attempt per
 *   invoice (partial unique indexes): a second charge cannot even be recorded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE organization_tax_rates (
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      position smallint NOT NULL,
      name text NOT NULL,
      rate_ppm integer NOT NULL CHECK (rate_ppm BETWEEN 0 AND 1000000),
      PRIMARY KEY (organization_id, position)
    );

    CREATE TABLE invoice_counters (
      organization_id integer PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
      last_number integer NOT NULL CHECK (last_number > 0)
    );

    CREATE TABLE invoices (
      id serial PRIMARY KEY,
      public_id text NOT NULL UNIQUE,
      organization_id integer NOT NULL REFERENCES organizations(id),
      auction_id integer NOT NULL REFERENCES auctions(id),
      bidder_id uuid NOT NULL REFERENCES users(id),
      is_donation boolean NOT NULL,
      number integer NOT NULL,
      status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2)),
      currency text NOT NULL DEFAULT 'CAD',
      subtotal bigint NOT NULL CHECK (subtotal >= 0),
      card_fee bigint NOT NULL CHECK (card_fee >= 0),
      total bigint NOT NULL CHECK (total >= 0),
      customer_business text,
      created_at timestamptz NOT NULL DEFAULT now(),
      paid_at timestamptz,
      UNIQUE (organization_id, number),
      UNIQUE (auction_id, bidder_id, is_donation)
    );
    CREATE INDEX invoices_bidder_idx ON invoices (bidder_id, created_at DESC);
    CREATE INDEX invoices_organization_idx ON invoices (organization_id, created_at DESC);

    CREATE TABLE invoice_items (
      invoice_id integer NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
      position smallint NOT NULL,
      line_id text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('lot', 'purchase', 'donation')),
      lot_id integer,
      lot_number integer,
      lot_type smallint,
      description jsonb NOT NULL DEFAULT '{}',
      quantity integer NOT NULL CHECK (quantity > 0),
      unit_price bigint NOT NULL,
      amount bigint NOT NULL CHECK (amount >= 0),
      PRIMARY KEY (invoice_id, position)
    );

    CREATE TABLE invoice_taxes (
      invoice_id integer NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
      position smallint NOT NULL,
      name text NOT NULL,
      rate_ppm integer NOT NULL,
      amount bigint NOT NULL CHECK (amount >= 0),
      PRIMARY KEY (invoice_id, position)
    );

    CREATE TABLE payment_attempts (
      id uuid PRIMARY KEY,
      invoice_id integer NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id),
      stripe_payment_method_id text NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      currency text NOT NULL,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'succeeded', 'failed')),
      payment_intent_id text UNIQUE,
      error_code text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX payment_attempts_one_open ON payment_attempts (invoice_id) WHERE status = 'open';
    CREATE UNIQUE INDEX payment_attempts_one_succeeded ON payment_attempts (invoice_id) WHERE status = 'succeeded';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE payment_attempts, invoice_taxes, invoice_items, invoices, invoice_counters, organization_tax_rates;
  `.execute(db);
}
