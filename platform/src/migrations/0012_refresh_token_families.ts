import { type Kysely, sql } from 'kysely';

/**
 * A session's refresh tokens form a family: each use of the current token rotates it (the family
 * records the id of the one token that may still be used), and presenting an earlier token, one
 * already rotated, revokes the whole family, since either the holder or a thief has a copy.
 * Logging out revokes the family too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE refresh_token_families (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      remember boolean NOT NULL,
      current_token_id uuid NOT NULL,
      rotations integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      rotated_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      revoked_reason text CHECK (revoked_reason IN ('logout', 'reuse'))
    );
    CREATE INDEX refresh_token_families_user_idx ON refresh_token_families (user_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE refresh_token_families`.execute(db);
}
