import { type Kysely, sql } from 'kysely';

/**
 * Cards on file (spec 000 §3 "Payment method", "Payment information", "Auction payment method").
 *
 * - stripe_informations: the payment provider configurations an organisation's company may pick
 *   for an auction (auctions.stripe_information_id); its labels feed the Stripe-information dropdown.
 * - payment_informations: one Stripe customer per user and configuration.
 * - payment_methods: the cards Stripe holds for that customer, as last read from Stripe (brand,
 *   last4, expiry). `state` follows Stripe's object: active, declined (a charge or setup failed on
 *   it), refused (a brand the product does not take: American Express) or detached (removed).
 *   Expired is not stored: it depends on today's date and is computed on read (spec 000 §4).
 * - auction_payment_methods: the card a user selected for an auction, one per user and auction.
 * - processed_webhook_events: Stripe event ids already applied, written in the same transaction as
 *   their effect, so an event delivered twice has one effect.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE stripe_informations (
      id serial PRIMARY KEY,
      company_id smallint NOT NULL DEFAULT 1,
      name text NOT NULL,
      translations jsonb NOT NULL DEFAULT '{}'
    );
    INSERT INTO stripe_informations (company_id, name, translations) VALUES
      (1, 'Signature', '{"en": "Signature (Stripe)", "fr": "Signature (Stripe)"}'),
      (2, 'Pop-a-bid', '{"en": "Pop-a-bid (Stripe)", "fr": "Pop-a-bid (Stripe)"}');

    CREATE TABLE payment_informations (
      id serial PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      stripe_information_id integer NOT NULL REFERENCES stripe_informations(id),
      stripe_customer_id text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, stripe_information_id)
    );

    CREATE TABLE payment_methods (
      id serial PRIMARY KEY,
      payment_information_id integer NOT NULL REFERENCES payment_informations(id) ON DELETE CASCADE,
      stripe_payment_method_id text NOT NULL UNIQUE,
      brand text NOT NULL,
      last4 text NOT NULL,
      exp_month smallint NOT NULL,
      exp_year smallint NOT NULL,
      card_holder_name text,
      state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'declined', 'refused', 'detached')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX payment_methods_payment_information_idx ON payment_methods (payment_information_id);

    CREATE TABLE auction_payment_methods (
      id serial PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      auction_id integer NOT NULL REFERENCES auctions(id) ON DELETE CASCADE,
      payment_method_id integer NOT NULL REFERENCES payment_methods(id) ON DELETE CASCADE,
      payment_information_id integer NOT NULL REFERENCES payment_informations(id) ON DELETE CASCADE,
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, auction_id)
    );
    CREATE INDEX auction_payment_methods_payment_method_idx ON auction_payment_methods (payment_method_id);

    CREATE TABLE processed_webhook_events (
      event_id text PRIMARY KEY,
      type text NOT NULL,
      processed_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE processed_webhook_events, auction_payment_methods, payment_methods, payment_informations,
      stripe_informations;
  `.execute(db);
}
