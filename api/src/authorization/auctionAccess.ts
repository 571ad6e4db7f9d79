import { AuctionStatus } from '@auction/contract';
import type { Db } from '@auction/platform';
import { sql } from 'kysely';
import { Role } from '../accounts/roles.ts';
import { HttpError } from '../errors.ts';
import {
  admittedSql,
  managesAuction,
  mayViewAuction,
  mayViewLot,
  mayViewLotsOf,
  memberRolesSql,
  PRIVATE_AUCTION,
  PRIVATE_EVENT,
  type Viewer,
} from './auctionVisibility.ts';
import { ACTION_ROLES } from './organizationRules.ts';

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

/** Which auctions a call may answer for besides those the user may see at all. */
export interface VisibilityOptions {
  /** An Archived auction is gone (the bidders' pages, spec 001 §4). */
  hideArchived?: boolean;
  /** A Planning auction is gone but for those who manage its organisation (`mayViewLotsOf`). */
  hidePlanning?: boolean;
}

/**
 * The options of every read of an auction's lots, or of what they show (the lot list and pages,
 * bid history, leaderboard, winners, projector, favourites): `mayViewLotsOf`'s rule.
 */
export const LOT_READS = { hideArchived: true, hidePlanning: true } as const satisfies VisibilityOptions;

/**
 * The auction a call names, once it may be shown: 404 `auction_not_found` when there is none (or,
 * with `hideArchived`, when it is archived; with `hidePlanning`, when it is in Planning and the
 * user does not manage it), then 403 `private_auction` unless the user may see it.
 */
export async function visibleAuction<T extends AuctionRef & { status?: number }>(
  db: Db,
  auction: T | null | undefined,
  userId: string | null,
  options: VisibilityOptions = {},
): Promise<T> {
  return (await shownAuction(db, auction, userId, options)).auction;
}

/**
 * `visibleAuction`, with the viewer it read to decide: undefined when it needed none (a public
 * auction, unless a Planning one's lots are asked for), so a caller with a further check reads
 * the viewer only when this did not.
 */
async function shownAuction<T extends AuctionRef & { status?: number }>(
  db: Db,
  auction: T | null | undefined,
  userId: string | null,
  options: VisibilityOptions,
): Promise<{ auction: T; viewer: Viewer | null | undefined }> {
  if (!auction || (options.hideArchived && auction.status === AuctionStatus.Archived)) {
    throw new HttpError(404, 'auction_not_found');
  }
  const planningHidden = options.hidePlanning === true && auction.status === AuctionStatus.Planning;
  // A public auction is everyone's (mayViewAuction): no query unless its Planning lots are asked for.
  if (auction.type !== PRIVATE_EVENT && !planningHidden) return { auction, viewer: undefined };
  const viewer = await viewerOf(db, auction, userId);
  if (!mayViewAuction(auction, viewer)) throw new HttpError(403, PRIVATE_AUCTION);
  if (planningHidden && !mayViewLotsOf(auction as AuctionRef & { status: number }, managesAuction(viewer))) {
    throw new HttpError(404, 'auction_not_found');
  }
  return { auction, viewer };
}

/**
 * A lot's auction, once the lot may be shown: 404 `item_not_found` for no lot, the auction's
 * answers for lot reads (`LOT_READS`), then 404 `item_not_found` for a hidden lot unless the user
 * manages its organisation. The one rule of every read of one lot (its page, bid history, the
 * user's maximum), so none tells a hidden lot apart from a missing one.
 */
export async function visibleLot<T extends AuctionRef & { status: number }>(
  db: Db,
  lot: { hidden: boolean } | null | undefined,
  auction: T | null | undefined,
  userId: string | null,
): Promise<T> {
  if (!lot) throw new HttpError(404, 'item_not_found');
  const shown = await shownAuction(db, auction, userId, LOT_READS);
  if (!lot.hidden) return shown.auction;
  // The viewer the auction's check read, if it read one: a hidden lot costs at most one query.
  const viewer = shown.viewer === undefined ? await viewerOf(db, shown.auction, userId) : shown.viewer;
  if (!mayViewLot(lot, managesAuction(viewer))) throw new HttpError(404, 'item_not_found');
  return shown.auction;
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

/** What a user may do in an auction besides bidding: see it at all, manage it, see its lots. */
export interface AuctionAccess {
  visible: boolean;
  /** Manages its organisation: hidden lots and a Planning auction's lots are shown to them. */
  manages: boolean;
  /** Visible, and its lots may be shown (`mayViewLotsOf`): each lot then by `mayViewLot`. */
  lotsVisible: boolean;
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
    status: number;
    roles: number[] | null;
    member_roles: number[] | null;
    admitted: boolean;
  }>`
    SELECT a.id, a.type, a.status, u.roles,
      ${sql.raw(memberRolesSql('a.organization_id', 'u.id'))} AS member_roles,
      ${sql.raw(admittedSql('a.id', 'u.id'))} AS admitted
    FROM auctions a LEFT JOIN users u ON u.id = ${userId}::uuid
    WHERE a.id = ANY(${[...auctionIds]}::int[])`.execute(db);
  return new Map(
    rows.map((row) => {
      const viewer = row.roles ? { roles: row.roles, memberRoles: row.member_roles, admitted: row.admitted } : null;
      const visible = mayViewAuction(row, viewer);
      const manages = managesAuction(viewer);
      return [row.id, { visible, manages, lotsVisible: visible && mayViewLotsOf(row, manages) }];
    }),
  );
}
