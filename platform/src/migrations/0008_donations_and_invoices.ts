import { type Kysely, sql } from 'kysely';

/**
 * Two more read models built by the projections (projections/): donations, from the donation
 * streams, and invoice lines per bidder and auction, from the lot and donation streams. Like those
 * of 0006 they can be dropped and rebuilt from the log; each donation row keeps the stream version
 * it has applied, so a redelivered event changes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE donations (
      donation_id text PRIMARY KEY,
      auction_id integer NOT NULL REFERENCES auctions(id) ON DELETE CASCADE,
      -- Null for an anonymous donation (auctions allowing anonymous bidding).
      user_id uuid,
      amount bigint NOT NULL CHECK (amount > 0),
      -- The server's time of the donation; the client's dateCreated is only recorded.
      donated_at timestamptz NOT NULL,
      client_date_created timestamptz,
      deleted_at timestamptz,
      deleted_by uuid,
      stream_version integer NOT NULL
    );
    CREATE INDEX donations_auction_user_idx ON donations (auction_id, user_id);

    -- What a bidder owes for an auction: lots won, fixed-price purchases, donations.
    CREATE TABLE invoice_lines (
      line_id text PRIMARY KEY,
      auction_id integer NOT NULL REFERENCES auctions(id) ON DELETE CASCADE,
      bidder_id uuid NOT NULL,
      kind text NOT NULL CHECK (kind IN ('lot', 'purchase', 'donation')),
      lot_id integer REFERENCES lots(id) ON DELETE CASCADE,
      donation_id text,
      quantity integer NOT NULL,
      unit_price bigint NOT NULL,
      amount bigint NOT NULL,
      occurred_at timestamptz NOT NULL
    );
    CREATE INDEX invoice_lines_bidder_auction_idx ON invoice_lines (bidder_id, auction_id);
    CREATE INDEX invoice_lines_lot_idx ON invoice_lines (lot_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE invoice_lines, donations`.execute(db);
}
