import { type Kysely, sql } from 'kysely';

/**
 * The roles a member holds in an organisation (auction manager 2, volunteer 4, auditor 5) live on
 * the membership. Before, they lived only on the account and counted in every organisation the
 * user belonged to, so a door volunteer of one charity who managed another was a manager of both,
 * and a manager of one could make another charity's volunteer its manager by a grant of their own
 * (docs/security.md, "Roles per organisation"). Administrator (1) and Patron (3) stay the
 * account's; `users.roles` keeps every role the account holds somewhere, for the profile and the
 * rules of bidding, and is no longer read for what a member may do in an organisation.
 *
 * Existing memberships receive the organisation roles their account holds today, which is what
 * they could do the moment before this migration: nobody loses access on upgrade, and an
 * administrator reviews the members of users who belong to several organisations
 * (docs/operations.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE organization_users ADD COLUMN roles smallint[] NOT NULL DEFAULT '{}'`.execute(db);
  await sql`
    UPDATE organization_users ou
    SET roles = ARRAY(SELECT DISTINCT r FROM unnest(u.roles) AS r WHERE r IN (2, 4, 5) ORDER BY r)
    FROM users u WHERE u.id = ou.user_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE organization_users DROP COLUMN roles`.execute(db);
}
