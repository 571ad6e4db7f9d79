import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      username text NOT NULL,
      password_hash text NOT NULL,
      first_name text NOT NULL DEFAULT '',
      last_name text NOT NULL DEFAULT '',
      business text,
      nick_name text NOT NULL,
      phone_number text,
      phone_number_confirmed boolean NOT NULL DEFAULT false,
      email_confirmed boolean NOT NULL DEFAULT false,
      disabled boolean NOT NULL DEFAULT false,
      has_temporary_password boolean NOT NULL DEFAULT false,
      roles smallint[] NOT NULL DEFAULT '{}',
      preferred_language text NOT NULL DEFAULT 'fr' CHECK (preferred_language IN ('en', 'fr')),
      preferred_currency_code text NOT NULL DEFAULT 'CAD' CHECK (preferred_currency_code IN ('CAD', 'USD')),
      address text, apartment text, city text, postal_code text, province text,
      province_enum smallint, country text,
      sms_general_notifications boolean NOT NULL DEFAULT true,
      email_general_notifications boolean NOT NULL DEFAULT true,
      sms_outbid_notifications boolean NOT NULL DEFAULT true,
      email_outbid_notifications boolean NOT NULL DEFAULT true,
      sent_stop_date timestamptz,
      token_version integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // Usernames are emails: compare them case-insensitively, as people type them.
  await sql`CREATE UNIQUE INDEX users_username_key ON users (lower(username))`.execute(db);
  await sql`CREATE UNIQUE INDEX users_nick_name_key ON users (lower(nick_name))`.execute(db);
  await sql`CREATE UNIQUE INDEX users_phone_number_key ON users (phone_number) WHERE phone_number IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE users`.execute(db);
}
