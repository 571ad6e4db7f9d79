import { type Kysely, sql } from 'kysely';

/**
 * Read models built from the event log by the projections (projections/). They can be dropped and
 * rebuilt at any time: nothing decides from them. Each row remembers the stream version it has
 * applied, so a redelivered event changes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE lot_views (
      lot_id integer PRIMARY KEY REFERENCES lots(id) ON DELETE CASCADE,
      auction_id integer NOT NULL REFERENCES auctions(id) ON DELETE CASCADE,
      stream_version integer NOT NULL,
      -- Spec 001 §4 lot status as the engine knows it: 2 in progress, 3 closed before auction,
      -- 4 closed with no bid, 5 closed and won. "Closing soon" (9) depends on the clock: computed on read.
      status smallint NOT NULL,
      is_hidden boolean NOT NULL DEFAULT false,
      price bigint,
      leader_id uuid,
      winner_id uuid,
      bid_count integer NOT NULL DEFAULT 0,
      bidder_ids uuid[] NOT NULL DEFAULT '{}',
      ends_at timestamptz NOT NULL,
      initial_ends_at timestamptz NOT NULL,
      sold_quantity integer NOT NULL DEFAULT 0,
      closed_at timestamptz,
      last_event_at timestamptz NOT NULL
    );
    CREATE INDEX lot_views_auction_idx ON lot_views (auction_id);

    -- The standing bid history (removed bids stay, flagged, for the audit view).
    CREATE TABLE lot_bids (
      lot_id integer NOT NULL REFERENCES lots(id) ON DELETE CASCADE,
      bid_id text NOT NULL,
      bidder_id uuid NOT NULL,
      amount bigint NOT NULL,
      is_auto_bid boolean NOT NULL,
      is_max_bid boolean NOT NULL,
      source_command_id text NOT NULL,
      placed_at timestamptz NOT NULL,
      stream_version integer NOT NULL,
      removed boolean NOT NULL DEFAULT false,
      PRIMARY KEY (lot_id, bid_id)
    );

    -- Each bidder's current maximum on a lot (absent once deleted).
    CREATE TABLE lot_max_bids (
      lot_id integer NOT NULL REFERENCES lots(id) ON DELETE CASCADE,
      bidder_id uuid NOT NULL,
      max_amount bigint NOT NULL,
      placed_at timestamptz NOT NULL,
      PRIMARY KEY (lot_id, bidder_id)
    );

    -- Fixed-price and multi-quantity purchases: owned counts, sold counts, invoice lines.
    CREATE TABLE lot_purchases (
      lot_id integer NOT NULL REFERENCES lots(id) ON DELETE CASCADE,
      purchase_id text NOT NULL,
      bidder_id uuid NOT NULL,
      quantity integer NOT NULL,
      unit_price bigint NOT NULL,
      purchased_at timestamptz NOT NULL,
      PRIMARY KEY (lot_id, purchase_id)
    );
    CREATE INDEX lot_purchases_bidder_idx ON lot_purchases (bidder_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE lot_purchases, lot_max_bids, lot_bids, lot_views`.execute(db);
}
