import { type Kysely, sql } from 'kysely';

/**
 * What accounts need beyond the users table: one-time codes (email confirmation, password reset,
 * recovery and phone validation codes, stored as hashes), onboarding invitations, SMS opt-outs,
 * a bidder's status per auction, per-organisation notification choices, and which organisations
 * a user manages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- The unsubscribe link's identity: unguessable, and not the user's id.
    ALTER TABLE users ADD COLUMN identity_code text NOT NULL DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
    CREATE UNIQUE INDEX users_identity_code_key ON users (identity_code);

    CREATE TABLE account_codes (
      id bigserial PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('emailConfirmation', 'passwordReset', 'recoveryCode', 'phoneValidation')),
      code_hash text NOT NULL,
      expires_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX account_codes_user_purpose_idx ON account_codes (user_id, purpose);

    CREATE TABLE organization_users (
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      PRIMARY KEY (organization_id, user_id)
    );

    CREATE TABLE onboarding_invitations (
      id serial PRIMARY KEY,
      unique_code text NOT NULL UNIQUE,
      phone_number text NOT NULL,
      first_name text NOT NULL DEFAULT '',
      last_name text NOT NULL DEFAULT '',
      auction_id integer NOT NULL REFERENCES auctions(id) ON DELETE CASCADE,
      invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
      registered_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX onboarding_invitations_phone_idx ON onboarding_invitations (phone_number);

    -- A number that replied STOP gets nothing until it replies START, whether or not it has an account.
    CREATE TABLE sms_opt_outs (
      phone_number text PRIMARY KEY,
      stopped_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE auction_bidders (
      auction_id integer NOT NULL REFERENCES auctions(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      status smallint NOT NULL CHECK (status IN (1, 2, 3)),
      has_accepted_credit_card_fees boolean,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (auction_id, user_id)
    );

    CREATE TABLE bidder_organization_notifications (
      id serial PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      sms_notifications boolean NOT NULL DEFAULT true,
      email_notifications boolean NOT NULL DEFAULT true,
      UNIQUE (user_id, organization_id)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE bidder_organization_notifications, auction_bidders, sms_opt_outs, onboarding_invitations,
      organization_users, account_codes;
    ALTER TABLE users DROP COLUMN identity_code;
  `.execute(db);
}
