import { organizationMembers as contract, Role } from '@auction/contract';
import type { Database, Db } from '@auction/platform';
import { type ExpressionBuilder, sql } from 'kysely';
import { formatPhone } from '../accounts/phone.ts';

type MemberUser = contract.MemberUser;
type MemberAnswer = contract.MemberAnswer;

/** The roles held per organisation, on the membership (migration 0040); the others are the account's. */
const MEMBER_ROLES: readonly number[] = [Role.AuctionManager, Role.Volunteer, Role.Auditor];

/**
 * The roles a member shows in an organisation: the account's own (administrator, bidder) and
 * those held in that organisation, in the account's order; a role held only elsewhere is not shown.
 */
function rolesShownIn(accountRoles: readonly number[], memberRoles: readonly number[]): number[] {
  return accountRoles.filter((role) => !MEMBER_ROLES.includes(role) || memberRoles.includes(role));
}

const userColumns = [
  'users.id',
  'users.first_name',
  'users.last_name',
  'users.username',
  'users.phone_number',
  'users.roles',
] as const;

interface UserRow {
  id: string;
  first_name: string;
  last_name: string;
  username: string;
  phone_number: string | null;
  roles: number[];
}

const toUser = (row: UserRow): MemberUser => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  username: row.username,
  // Shown as every answer shows a phone: (NNN) NNN-NNNN.
  phoneNumber: row.phone_number ? formatPhone(row.phone_number) : null,
  roles: row.roles,
});

/** Escapes LIKE's wildcards, so a search for "50%" looks for those characters. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * An organisation's members and their roles (issue 19 §2). Auction manager, volunteer and auditor
 * are held per organisation, on the membership: a grant here gives nothing in another
 * organisation. The account's roles keep every role it holds somewhere (the profile and the rules
 * of bidding read them), so a grant adds the role there too, and a revoke takes it off the account
 * only when no other membership holds it. Administrator is the account's alone (docs/console.md,
 * "Members and roles").
 */
export interface OrganizationMembers {
  /**
   * With `otherOrganizations` (an administrator reading), each member's other memberships, by
   * organisation name: where a role granted for one organisation may be held in another.
   */
  list(organizationId: number, options?: { otherOrganizations: boolean }): Promise<MemberUser[]>;
  /**
   * Users whose name, email or phone contains the text (digits of a phone compared alone), to
   * grant a role to. An administrator finds anyone so. A manager finds so only the people their
   * organisations already know (members, and bidders of their auctions), and anyone else by the
   * whole email or phone number only: the search must not hand every bidder's email and phone on
   * the platform to every organisation.
   */
  search(text: string, organizationIds: readonly number[] | null): Promise<MemberUser[]>;
  /** Adds the role and the membership; granting twice changes nothing. Undefined for an unknown user. */
  grant(organizationId: number, userId: string, role: number): Promise<MemberAnswer | undefined>;
  /** Undefined when the user is not a member of the organisation. */
  revoke(organizationId: number, userId: string, role: number): Promise<MemberAnswer | undefined>;
}

export function organizationMembers(db: Db): OrganizationMembers {
  async function answer(organizationId: number, userId: string): Promise<MemberAnswer | undefined> {
    const row = await db
      .selectFrom('users')
      .leftJoin('organization_users as ou', (join) =>
        join.onRef('ou.user_id', '=', 'users.id').on('ou.organization_id', '=', organizationId),
      )
      .select([...userColumns, 'ou.roles as member_roles'])
      .where('users.id', '=', userId)
      .executeTakeFirst();
    if (!row) return undefined;
    const memberRoles = row.member_roles ?? [];
    return { ...toUser({ ...row, roles: rolesShownIn(row.roles, memberRoles) }), isMember: row.member_roles !== null };
  }

  return {
    async list(organizationId, options) {
      const rows = await db
        .selectFrom('organization_users')
        .innerJoin('users', 'users.id', 'organization_users.user_id')
        .select([...userColumns, 'organization_users.roles as member_roles'])
        .where('organization_users.organization_id', '=', organizationId)
        .orderBy('users.last_name')
        .orderBy('users.first_name')
        .orderBy('users.username')
        .execute();
      const members = rows.map((row) => toUser({ ...row, roles: rolesShownIn(row.roles, row.member_roles) }));
      if (!options?.otherOrganizations || members.length === 0) return members;
      const others = await db
        .selectFrom('organization_users as ou')
        .innerJoin('organizations as o', 'o.id', 'ou.organization_id')
        .select(['ou.user_id', 'o.id', 'o.name', 'ou.roles'])
        .where(
          'ou.user_id',
          'in',
          members.map((member) => member.id),
        )
        .where('ou.organization_id', '<>', organizationId)
        .orderBy('o.name')
        .orderBy('o.id')
        .execute();
      const byMember = new Map<string, contract.OtherMembership[]>();
      for (const { user_id, id, name, roles } of others) {
        byMember.set(user_id, [...(byMember.get(user_id) ?? []), { id, name, roles }]);
      }
      return members.map((member) => ({ ...member, otherOrganizations: byMember.get(member.id) ?? [] }));
    },

    async search(text, organizationIds) {
      const pattern = likePattern(text);
      const digits = text.replace(/\D/g, '');
      const partly = (eb: ExpressionBuilder<Database, 'users'>) =>
        eb.or([
          eb(sql`users.first_name || ' ' || users.last_name`, 'ilike', pattern),
          eb('users.username', 'ilike', pattern),
          ...(digits.length >= 2 ? [eb('users.phone_number', 'like', likePattern(digits))] : []),
        ]);
      const known = (ids: readonly number[]) =>
        ids.length === 0
          ? sql<boolean>`false`
          : sql<boolean>`(EXISTS (SELECT 1 FROM organization_users ou WHERE ou.user_id = users.id
              AND ou.organization_id IN (${sql.join(ids)}))
            OR EXISTS (SELECT 1 FROM auction_bidders ab JOIN auctions a ON a.id = ab.auction_id
              WHERE ab.user_id = users.id AND a.organization_id IN (${sql.join(ids)})))`;
      const rows = await db
        .selectFrom('users')
        .select(userColumns)
        .where('users.disabled', '=', false)
        .where((eb) =>
          organizationIds === null
            ? partly(eb)
            : eb.or([
                eb.and([partly(eb), known(organizationIds)]),
                eb(sql`lower(users.username)`, '=', text.trim().toLowerCase()),
                ...(digits.length === 10 ? [eb('users.phone_number', '=', digits)] : []),
              ]),
        )
        .orderBy('users.last_name')
        .orderBy('users.first_name')
        .orderBy('users.username')
        .limit(contract.USER_SEARCH_LIMIT)
        .execute();
      return rows.map(toUser);
    },

    async grant(organizationId, userId, role) {
      const granted = await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('users')
          .set({ roles: sql`CASE WHEN ${role} = ANY(roles) THEN roles ELSE array_append(roles, ${role}) END` })
          .where('id', '=', userId)
          .executeTakeFirst();
        if (updated.numUpdatedRows === 0n) return false;
        // Administrator acts everywhere from the account; the membership only lists them here.
        const held = MEMBER_ROLES.includes(role);
        await trx
          .insertInto('organization_users')
          .values({ organization_id: organizationId, user_id: userId, roles: held ? [role] : [] })
          .onConflict((oc) => {
            const membership = oc.columns(['organization_id', 'user_id']);
            return held
              ? membership.doUpdateSet({
                  roles: sql`CASE WHEN ${role} = ANY(organization_users.roles) THEN organization_users.roles
                    ELSE array_append(organization_users.roles, ${role}) END`,
                })
              : membership.doNothing();
          })
          .execute();
        return true;
      });
      return granted ? answer(organizationId, userId) : undefined;
    },

    async revoke(organizationId, userId, role) {
      const wasMember = await db.transaction().execute(async (trx) => {
        const membership = await trx
          .selectFrom('organization_users')
          .select('roles')
          .where('organization_id', '=', organizationId)
          .where('user_id', '=', userId)
          .forUpdate()
          .executeTakeFirst();
        if (!membership) return false;
        if (role === Role.Administrator) {
          await trx
            .updateTable('users')
            .set({ roles: sql`array_remove(roles, ${role})` })
            .where('id', '=', userId)
            .execute();
        } else {
          await trx
            .updateTable('organization_users')
            .set({ roles: sql`array_remove(roles, ${role})` })
            .where('organization_id', '=', organizationId)
            .where('user_id', '=', userId)
            .execute();
          // The account keeps the role while another membership holds it.
          await trx
            .updateTable('users')
            .set({ roles: sql`array_remove(roles, ${role})` })
            .where('id', '=', userId)
            .where(
              sql<boolean>`NOT EXISTS (SELECT 1 FROM organization_users other
                WHERE other.user_id = ${userId} AND ${role} = ANY(other.roles))`,
            )
            .execute();
        }
        // A membership with no role here, of someone who is not an administrator, gives nothing: it ends.
        await trx
          .deleteFrom('organization_users')
          .where('organization_id', '=', organizationId)
          .where('user_id', '=', userId)
          .where(sql<boolean>`organization_users.roles = '{}'`)
          .where(
            sql<boolean>`NOT EXISTS (SELECT 1 FROM users
              WHERE users.id = ${userId} AND ${Role.Administrator}::smallint = ANY(users.roles))`,
          )
          .execute();
        return true;
      });
      return wasMember ? answer(organizationId, userId) : undefined;
    },
  };
}
