import { AuctionStatus, BidderStatus } from '@auction/contract';
import { mayAct } from './organizationRules.ts';

/** Spec 001 §3 auction type: Public 1, PrivateEvent 2. */
export const PRIVATE_EVENT = 2;
/** Spec 000 §3 bidder status Locked. */

/** What decides whether someone sees an auction. */
export interface AuctionAudience {
  type: number;
}

/** Who looks, as far as a private auction cares; null for an anonymous visitor. */
export interface Viewer {
  roles: readonly number[];
  /** The roles held in the organisation running the auction; null when not a member of it. */
  memberRoles: readonly number[] | null;
  /** Admitted (invitation, operator, access code) and not locked out. */
  admitted: boolean;
}

/**
 * A public auction is everyone's; a private one (PrivateEvent) only its organisation's staff's
 * and its admitted bidders', on every path (lists, pages, lots, bids, donations, leaderboard, the
 * hub). Anonymous visitors never see one. `visibleAuctionSql` is the same rule for lists.
 */
export function mayViewAuction(auction: AuctionAudience, viewer: Viewer | null): boolean {
  if (auction.type !== PRIVATE_EVENT) return true;
  if (!viewer) return false;
  return viewer.admitted || mayAct(viewer.roles, viewer.memberRoles, 'viewPrivate');
}

/** Whether the viewer manages the auction's organisation: its hidden lots and unopened catalogue are theirs. */
export function managesAuction(viewer: Viewer | null): boolean {
  return viewer ? mayAct(viewer.roles, viewer.memberRoles, 'manage') : false;
}

/**
 * Whether an auction's lots (texts, photos, prices, bids, standings) may be shown, for a viewer
 * who may see the auction. Spec 001 §4: an Archived auction is gone from the bidders' pages, and a
 * Planning one is "not accessible": only its planning screen (title, countdown), tabs and
 * invoices are, while its organisation's staff prepare the catalogue, which they alone see.
 */
export function mayViewLotsOf(auction: { status: number }, manages: boolean): boolean {
  if (auction.status === AuctionStatus.Archived) return false;
  return auction.status !== AuctionStatus.Planning || manages;
}

/** A hidden lot exists only for those who manage its auction's organisation. */
export function mayViewLot(lot: { hidden: boolean }, manages: boolean): boolean {
  return !lot.hidden || manages;
}

/** The message key of a refusal: the web shows its 'private auction' / 'access denied' screen. */
export const PRIVATE_AUCTION = 'private_auction';

/**
 * SQL: the roles user `userExpr` holds in the organisation `organizationExpr`, NULL when they do
 * not belong to it (trusted SQL, not input).
 */
export function memberRolesSql(organizationExpr: string, userExpr: string): string {
  return `(SELECT o.roles FROM organization_users o WHERE o.organization_id = ${organizationExpr} AND o.user_id = ${userExpr})`;
}

/**
 * SQL: whether user `userExpr` is admitted to auction `auctionExpr` and not locked out of it.
 * Admitted: stamped `admitted_at` (an invitation to an existing account, an operator, the access
 * code), or registered through an on-board invitation to that auction.
 */
export function admittedSql(auctionExpr: string, userExpr: string): string {
  return `(NOT EXISTS (SELECT 1 FROM auction_bidders ab WHERE ab.auction_id = ${auctionExpr} AND ab.user_id = ${userExpr}
      AND ab.status = ${BidderStatus.Locked})
    AND (EXISTS (SELECT 1 FROM auction_bidders ab WHERE ab.auction_id = ${auctionExpr} AND ab.user_id = ${userExpr}
      AND ab.admitted_at IS NOT NULL)
    OR EXISTS (SELECT 1 FROM onboarding_invitations i WHERE i.auction_id = ${auctionExpr}
      AND i.registered_user_id = ${userExpr})))`;
}
