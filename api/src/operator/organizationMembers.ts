import { organizationMembers as contract, Role } from '@auction/contract';
import type { Database, Db } from '@auction/platform';
import { type ExpressionBuilder, sql } from 'kysely';
import { formatPhone } from '../accounts/phone.ts';

type MemberUser = contract.MemberUser;
type MemberAnswer = contract.MemberAnswer;

/** The roles that give a member something to do in an organisation (spec 000 §6). */
const ORGANIZATION_ROLES: readonly number[] = [Role.Administrator, Role.AuctionManager, Role.Volunteer, Role.Auditor];

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
 * An organisation's members and their roles (issue 19 §2). Roles live on the account and
 * membership per organisation, so a grant adds both, and a revoke removes the role from the account
 * only when that cannot take it away elsewhere (docs/console.md, "Members and roles").
 */
export interface OrganizationMembers {
  list(organizationId: number): Promise<MemberUser[]>;
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
      .select([
        ...userColumns,
        sql<boolean>`EXISTS (SELECT 1 FROM organization_users ou WHERE ou.user_id = users.id AND ou.organization_id = ${organizationId})`.as(
          'is_member',
        ),
      ])
      .where('users.id', '=', userId)
      .executeTakeFirst();
    return row ? { ...toUser(row), isMember: row.is_member } : undefined;
  }

  return {
    async list(organizationId) {
      const rows = await db
        .selectFrom('organization_users')
        .innerJoin('users', 'users.id', 'organization_users.user_id')
        .select(userColumns)
        .where('organization_users.organization_id', '=', organizationId)
        .orderBy('users.last_name')
        .orderBy('users.first_name')
        .orderBy('users.username')
        .execute();
      return rows.map(toUser);
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
      const updated = await db
        .updateTable('users')
        .set({ roles: sql`CASE WHEN ${role} = ANY(roles) THEN roles ELSE array_append(roles, ${role}) END` })
        .where('id', '=', userId)
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) return undefined;
      await db
        .insertInto('organization_users')
        .values({ organization_id: organizationId, user_id: userId })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return answer(organizationId, userId);
    },

    async revoke(organizationId, userId, role) {
      const wasMember = await db.transaction().execute(async (trx) => {
        const memberships = await trx
          .selectFrom('organization_users')
          .select('organization_id')
          .where('user_id', '=', userId)
          .forUpdate()
          .execute();
        if (!memberships.some((m) => m.organization_id === organizationId)) return false;
        const elsewhere = memberships.length > 1;
        // Administrator is everywhere anyway; the other roles act in every organisation the user
        // belongs to, so with other organisations only this membership goes.
        if (role === Role.Administrator || !elsewhere) {
          await trx
            .updateTable('users')
            .set({ roles: sql`array_remove(roles, ${role})` })
            .where('id', '=', userId)
            .execute();
        }
        const user = await trx.selectFrom('users').select('roles').where('id', '=', userId).executeTakeFirstOrThrow();
        const stillActs = user.roles.some((r) => ORGANIZATION_ROLES.includes(r));
        if ((role !== Role.Administrator && elsewhere) || !stillActs) {
          await trx
            .deleteFrom('organization_users')
            .where('organization_id', '=', organizationId)
            .where('user_id', '=', userId)
            .execute();
        }
        return true;
      });
      return wasMember ? answer(organizationId, userId) : undefined;
    },
  };
}
