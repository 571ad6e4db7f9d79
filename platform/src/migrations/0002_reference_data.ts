import { type Kysely, sql } from 'kysely';

/**
 * Reference data that is not bidding: organisations, auctions and their settings, lots' texts,
 * photos and categories. What the bidding rules read is copied into each lot's stream when it
 * opens, so these tables never decide a bid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE organizations (
      id serial PRIMARY KEY,
      name text NOT NULL UNIQUE,
      company_id smallint NOT NULL DEFAULT 1,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE organization_teams (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organizations(id),
      background_color text NOT NULL DEFAULT '#1f6feb',
      text_color text NOT NULL DEFAULT '#ffffff',
      translations jsonb NOT NULL DEFAULT '{}'
    );
    CREATE TABLE auctions (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organizations(id),
      url_magic_link text NOT NULL,
      status smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 1 AND 6),
      type smallint NOT NULL DEFAULT 1,
      languages smallint[] NOT NULL DEFAULT '{1,2}',
      date_pre_open timestamptz,
      date_open timestamptz,
      date_completed timestamptz,
      completed_date timestamptz,
      is_available boolean NOT NULL DEFAULT true,
      hide_countdown boolean NOT NULL DEFAULT false,
      show_auction_carousel boolean NOT NULL DEFAULT true,
      allow_anonymous_bidding boolean NOT NULL DEFAULT false,
      require_cc_to_bid boolean NOT NULL DEFAULT false,
      require_address_to_bid boolean NOT NULL DEFAULT false,
      allow_items_management_by_team boolean NOT NULL DEFAULT false,
      payment_type smallint NOT NULL DEFAULT 1,
      allow_proxy_bidding boolean NOT NULL DEFAULT true,
      bill_credit_card_fees_to_client boolean NOT NULL DEFAULT false,
      bill_credit_card_fees_provide_receipt boolean NOT NULL DEFAULT false,
      bill_credit_card_fees_minimum_amount bigint,
      currency text NOT NULL DEFAULT 'CAD',
      donation_type smallint NOT NULL DEFAULT 0 CHECK (donation_type IN (0, 1, 2)),
      donation_url text,
      donation_allow_other_amount boolean NOT NULL DEFAULT false,
      colors jsonb NOT NULL DEFAULT '{}',
      footer jsonb NOT NULL DEFAULT '{}',
      link_english text,
      link_french text,
      banner_english text,
      banner_french text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX auctions_url_magic_link_key ON auctions (lower(url_magic_link));
    CREATE TABLE auction_translations (
      auction_id integer NOT NULL REFERENCES auctions(id) ON DELETE CASCADE,
      language_code text NOT NULL CHECK (language_code IN ('en', 'fr')),
      title_short text NOT NULL,
      description text NOT NULL DEFAULT '',
      team_appellation text,
      PRIMARY KEY (auction_id, language_code)
    );
    CREATE TABLE auction_photos (
      id serial PRIMARY KEY,
      auction_id integer NOT NULL REFERENCES auctions(id) ON DELETE CASCADE,
      "order" integer NOT NULL DEFAULT 0,
      full_path text NOT NULL,
      interval integer NOT NULL DEFAULT 5000,
      banner_type text NOT NULL DEFAULT 'image',
      video_url text,
      additional_link_url text,
      is_used_in_french boolean NOT NULL DEFAULT true,
      is_used_in_english boolean NOT NULL DEFAULT true,
      is_used_on_mobile boolean NOT NULL DEFAULT true,
      is_used_on_computer boolean NOT NULL DEFAULT true,
      is_used_as_background_image boolean NOT NULL DEFAULT false,
      is_video_always_on_top boolean NOT NULL DEFAULT false,
      is_used_as_banner_in_leaderboard boolean NOT NULL DEFAULT false
    );
    CREATE TABLE item_categories (
      id serial PRIMARY KEY,
      auction_id integer NOT NULL REFERENCES auctions(id) ON DELETE CASCADE,
      "order" integer NOT NULL DEFAULT 0,
      translations jsonb NOT NULL DEFAULT '{}'
    );
    CREATE TABLE closing_groups (
      id serial PRIMARY KEY,
      auction_id integer NOT NULL REFERENCES auctions(id) ON DELETE CASCADE,
      ends_at timestamptz NOT NULL,
      is_hidden_in_menu boolean NOT NULL DEFAULT false,
      translations jsonb NOT NULL DEFAULT '{}'
    );
    CREATE TABLE donation_presets (
      id serial PRIMARY KEY,
      auction_id integer NOT NULL REFERENCES auctions(id) ON DELETE CASCADE,
      "order" integer NOT NULL DEFAULT 0,
      amount bigint,
      is_other_amount boolean NOT NULL DEFAULT false
    );
    CREATE TABLE lots (
      id serial PRIMARY KEY,
      auction_id integer NOT NULL REFERENCES auctions(id) ON DELETE CASCADE,
      lot_number integer NOT NULL DEFAULT 0,
      type smallint NOT NULL DEFAULT 1 CHECK (type IN (1, 2, 3)),
      starting_bid bigint,
      minimum_increment bigint NOT NULL DEFAULT 100,
      valuation bigint,
      multi_sale_price bigint,
      multi_sale_quantity integer,
      max_per_bidder integer,
      is_donation boolean NOT NULL DEFAULT false,
      is_hidden boolean NOT NULL DEFAULT false,
      offered_by text,
      additional_info_external_url text,
      organization_team_id integer REFERENCES organization_teams(id),
      closing_group_id integer REFERENCES closing_groups(id),
      date_completed timestamptz NOT NULL,
      allows_time_extension boolean NOT NULL DEFAULT true,
      extension_duration_in_minutes integer NOT NULL DEFAULT 2,
      extension_duration_maximum_minutes integer NOT NULL DEFAULT 10,
      minutes_left_before_allowing_extension integer NOT NULL DEFAULT 2,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX lots_auction_id_idx ON lots (auction_id);
    CREATE TABLE lot_translations (
      lot_id integer NOT NULL REFERENCES lots(id) ON DELETE CASCADE,
      language_code text NOT NULL CHECK (language_code IN ('en', 'fr')),
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      information text NOT NULL DEFAULT '',
      shipping_information text NOT NULL DEFAULT '',
      PRIMARY KEY (lot_id, language_code)
    );
    CREATE TABLE lot_photos (
      id serial PRIMARY KEY,
      lot_id integer NOT NULL REFERENCES lots(id) ON DELETE CASCADE,
      "order" integer NOT NULL DEFAULT 0,
      full_path_large text NOT NULL,
      full_path_medium text NOT NULL,
      description text
    );
    CREATE TABLE lot_categories (
      lot_id integer NOT NULL REFERENCES lots(id) ON DELETE CASCADE,
      category_id integer NOT NULL REFERENCES item_categories(id) ON DELETE CASCADE,
      PRIMARY KEY (lot_id, category_id)
    );
    CREATE TABLE favorites (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      lot_id integer NOT NULL REFERENCES lots(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, lot_id)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE favorites, lot_categories, lot_photos, lot_translations, lots, donation_presets,
    closing_groups, item_categories, auction_photos, auction_translations, auctions, organization_teams,
    organizations`.execute(db);
}
