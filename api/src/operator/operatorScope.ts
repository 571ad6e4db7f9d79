import type { Db } from '@auction/platform';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { accountOf } from '../accounts/auth.ts';
import { Role } from '../accounts/roles.ts';
import { HttpError } from '../errors.ts';

/**
 * Which organisations the operator behind a request may manage: every one for an administrator
 * (null), else the organisations an auction manager belongs to. Anything outside answers 404, so
 * the ids of other organisations' auctions and lots do not leak.
 */
export interface OperatorScope {
  userId: string;
  isAdministrator: boolean;
  organizationIds: number[] | null;
}

export async function operatorScope(db: Db, request: FastifyRequest): Promise<OperatorScope> {
  const account = accountOf(request);
  if (account.roles.includes(Role.Administrator)) {
    return { userId: account.id, isAdministrator: true, organizationIds: null };
  }
  const rows = await db
    .selectFrom('organization_users')
    .select('organization_id')
    .where('user_id', '=', account.id)
    .execute();
  return { userId: account.id, isAdministrator: false, organizationIds: rows.map((r) => r.organization_id) };
}

export function mayManage(scope: OperatorScope, organizationId: number): boolean {
  return scope.organizationIds === null || scope.organizationIds.includes(organizationId);
}

/** The thing's organisation, once it is known the operator may manage it; 404 otherwise. */
export function requireManaged(scope: OperatorScope, organizationId: number | undefined, notFound: string): number {
  if (organizationId === undefined || !mayManage(scope, organizationId)) throw new HttpError(404, notFound);
  return organizationId;
}

/** What each managed thing belongs to: its auction and that auction's organisation. */
const OWNERS = {
  auction: { table: 'auctions', key: 'auction_not_found' },
  lot: { table: 'lots', key: 'item_not_found' },
  category: { table: 'item_categories', key: 'category_not_found' },
  closingGroup: { table: 'closing_groups', key: 'closing_group_not_found' },
  tab: { table: 'auction_tabs', key: 'tab_not_found' },
  photo: { table: 'auction_photos', key: 'photo_not_found' },
} as const;
export type Owned = keyof typeof OWNERS;

/** Resolves a managed thing to its auction (and that auction's status), or answers 404 when it is unknown or out of scope. */
export async function managedAuctionOf(
  db: Db,
  scope: OperatorScope,
  kind: Owned,
  id: number,
): Promise<{ auctionId: number; organizationId: number; auctionStatus: number }> {
  const { table, key } = OWNERS[kind];
  const owner =
    kind === 'auction'
      ? sql`SELECT ${id}::int AS auction_id`
      : sql`SELECT auction_id FROM ${sql.table(table)} WHERE id = ${id}`;
  const { rows } = await sql<{ auction_id: number; organization_id: number; status: number }>`
    SELECT a.id AS auction_id, a.organization_id, a.status
    FROM (${owner}) o JOIN auctions a ON a.id = o.auction_id`.execute(db);
  const row = rows[0];
  const organizationId = requireManaged(scope, row?.organization_id, key);
  return { auctionId: row?.auction_id as number, organizationId, auctionStatus: row?.status as number };
}
