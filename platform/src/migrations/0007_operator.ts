import { type Kysely, sql } from 'kysely';

/**
 * What the operator API adds to the reference data: auction tabs (spec 001 §3: order and per
 * language name, url, title, content), the analytics and pixel settings, the client clock setting
 * and the auction's Stripe configuration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE auction_tabs (
      id serial PRIMARY KEY,
      auction_id integer NOT NULL REFERENCES auctions(id) ON DELETE CASCADE,
      "order" integer NOT NULL DEFAULT 0,
      translations jsonb NOT NULL DEFAULT '{}'
    );
    CREATE INDEX auction_tabs_auction_id_idx ON auction_tabs (auction_id);
    ALTER TABLE auctions
      ADD COLUMN integrations jsonb NOT NULL DEFAULT '{}',
      ADD COLUMN client_time_synchronization boolean NOT NULL DEFAULT true,
      ADD COLUMN stripe_information_id integer;
    CREATE INDEX item_categories_auction_id_idx ON item_categories (auction_id);
    CREATE INDEX closing_groups_auction_id_idx ON closing_groups (auction_id);
    CREATE INDEX lots_closing_group_id_idx ON lots (closing_group_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE auction_tabs;
    DROP INDEX item_categories_auction_id_idx, closing_groups_auction_id_idx, lots_closing_group_id_idx;
    ALTER TABLE auctions DROP COLUMN integrations, DROP COLUMN client_time_synchronization,
      DROP COLUMN stripe_information_id;
  `.execute(db);
}
