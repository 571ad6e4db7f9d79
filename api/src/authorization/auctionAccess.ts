import { AuctionStatus } from '@auction/contract';
import type { Db } from '@auction/platform';
import { sql } from 'kysely';
import { Role } from '../accounts/roles.ts';
import { HttpError } from '../errors.ts';
import {
  admittedSql,
  mayViewAuction,
  memberRolesSql,
  PRIVATE_AUCTION,
  PRIVATE_EVENT,
  type Viewer,
} from './auctionVisibility.ts';
import { ACTION_ROLES, mayAct } from './organizationRules.ts';

/** What a visibility check needs of an auction. */
export interface AuctionRef {
  id: number;
  type: number;
  organization_id: number;
}

/** The viewer's facts about one auction, in one query; null for an anonymous visitor or an unknown user. */
export async function viewerOf(db: Db, auction: AuctionRef, userId: string | null): Promise<Viewer | null> {
  if (!userId) return null;
  const { rows } = await sql<{ roles: number[]; member_roles: number[] | null; admitted: boolean }>`
    SELECT u.roles,
      ${sql.raw(memberRolesSql('a.organization_id', 'u.id'))} AS member_roles,
      ${sql.raw(admittedSql('a.id', 'u.id'))} AS admitted
    FROM users u, (SELECT ${auction.id}::int AS id, ${auction.organization_id}::int AS organization_id) a
    WHERE u.id = ${userId}`.execute(db);
  const row = rows[0];
  return row ? { roles: row.roles, memberRoles: row.member_roles, admitted: row.admitted } : null;
}

/** Answers 403 `private_auction` unless the user may see the auction; a public auction costs no query. */
export async function requireVisibleAuction(db: Db, auction: AuctionRef, userId: string | null): Promise<void> {
  if (auction.type !== PRIVATE_EVENT) return;
  if (!mayViewAuction(auction, await viewerOf(db, auction, userId))) throw new HttpError(403, PRIVATE_AUCTION);
}

/**
 * The auction a call names, once it may be shown: 404 `auction_not_found` when there is none (or,
 * with `hideArchived`, when it is archived: gone from the bidders' pages), then 403
 * `private_auction` unless the user may see it.
 */
export async function visibleAuction<T extends AuctionRef & { status?: number }>(
  db: Db,
  auction: T | null | undefined,
  userId: string | null,
  options: { hideArchived?: boolean } = {},
): Promise<T> {
  if (!auction || (options.hideArchived && auction.status === AuctionStatus.Archived)) {
    throw new HttpError(404, 'auction_not_found');
  }
  await requireVisibleAuction(db, auction, userId);
  return auction;
}

/** Whether the user may see the auction of that id (false when it does not exist): the hub's check. */
export async function mayViewAuctionId(db: Db, auctionId: number, userId: string | null): Promise<boolean> {
  const auction = await db
    .selectFrom('auctions')
    .select(['id', 'type', 'organization_id'])
    .where('id', '=', auctionId)
    .executeTakeFirst();
  if (!auction) return false;
  if (auction.type !== PRIVATE_EVENT) return true;
  return mayViewAuction(auction, await viewerOf(db, auction, userId));
}

/**
 * `mayViewAuction` as a filter on an auction aliased `a`, for lists (home page, carousel, recently
 * closed, statistics): the same rule, so a private auction is never listed to someone who could
 * not open it.
 */
export function visibleAuctionSql(userId: string | null) {
  if (!userId) return sql<boolean>`(a.type <> ${PRIVATE_EVENT})`;
  const staffRoles = sql.raw(`ARRAY[${ACTION_ROLES.viewPrivate.join(',')}]::smallint[]`);
  return sql<boolean>`(a.type <> ${PRIVATE_EVENT} OR EXISTS (SELECT 1 FROM users u WHERE u.id = ${userId} AND (
    ${Role.Administrator}::smallint = ANY(u.roles)
    OR EXISTS (SELECT 1 FROM organization_users o WHERE o.organization_id = a.organization_id AND o.user_id = u.id
      AND o.roles && ${staffRoles})
    OR ${sql.raw(admittedSql('a.id', 'u.id'))})))`;
}

/** What a user may do in an auction besides bidding: see it at all, and manage it (hidden lots). */
export interface AuctionAccess {
  visible: boolean;
  manages: boolean;
}

/** The user's access to each of the given auctions, in one query; unknown auctions are absent. */
export async function accessToAuctions(
  db: Db,
  auctionIds: readonly number[],
  userId: string | null,
): Promise<Map<number, AuctionAccess>> {
  if (auctionIds.length === 0) return new Map();
  const { rows } = await sql<{
    id: number;
    type: number;
    roles: number[] | null;
    member_roles: number[] | null;
    admitted: boolean;
  }>`
    SELECT a.id, a.type, u.roles,
      ${sql.raw(memberRolesSql('a.organization_id', 'u.id'))} AS member_roles,
      ${sql.raw(admittedSql('a.id', 'u.id'))} AS admitted
    FROM auctions a LEFT JOIN users u ON u.id = ${userId}::uuid
    WHERE a.id = ANY(${[...auctionIds]}::int[])`.execute(db);
  return new Map(
    rows.map((row) => {
      const viewer = row.roles ? { roles: row.roles, memberRoles: row.member_roles, admitted: row.admitted } : null;
      return [
        row.id,
        {
          visible: mayViewAuction(row, viewer),
          manages: viewer ? mayAct(viewer.roles, viewer.memberRoles, 'manage') : false,
        },
      ];
    }),
  );
}
