import type { Db } from '@auction/platform';
import type { FastifyRequest } from 'fastify';
import { type OperatorScope, operatorScope } from '../operator/operatorScope.ts';
import {
  type AuctionAccess,
  type AuctionRef,
  accessToAuctions,
  requireVisibleAuction,
  type VisibilityOptions,
  visibleAuction,
  visibleLot,
} from './auctionAccess.ts';
import { admitBidder, type BidderStatusForAdmission } from './auctionAdmission.ts';
import { actorOf, authorizeOn, type OwnedKind, type Owner } from './organizationAccess.ts';
import type { Actor, OrganizationAction } from './organizationRules.ts';

/**
 * The one authorisation service, bound to the database once: who may see an auction, and who may
 * act on what an organisation owns. The rules are the pure functions beside it
 * (auctionVisibility.ts, organizationRules.ts); this is their I/O.
 */
export interface Authorization {
  /** 403 `private_auction` unless the user may see the auction (a public one costs no query). */
  requireVisibleAuction(auction: AuctionRef, userId: string | null): Promise<void>;
  /**
   * The auction a call names once it may be shown: 404 `auction_not_found` when missing (or
   * archived, with `hideArchived`; in Planning and not managed by the user, with `hidePlanning`),
   * else 403 `private_auction` unless the user may see it. Reads of lots pass `LOT_READS`.
   */
  visibleAuction<T extends AuctionRef & { status?: number }>(
    auction: T | null | undefined,
    userId: string | null,
    options?: VisibilityOptions,
  ): Promise<T>;
  /**
   * A lot's auction once the lot may be shown: 404 `item_not_found` for no lot or a hidden one the
   * user does not manage, and the auction's answers for lot reads.
   */
  visibleLot<T extends AuctionRef & { status: number }>(
    lot: { hidden: boolean } | null | undefined,
    auction: T | null | undefined,
    userId: string | null,
  ): Promise<T>;
  /** The user's access (see, manage) to each of the auctions, in one query. */
  accessToAuctions(auctionIds: readonly number[], userId: string | null): Promise<Map<number, AuctionAccess>>;
  /** The account with the organisations it belongs to. */
  actorOf(account: { id: string; roles: readonly number[] }): Promise<Actor>;
  /** 404 with the thing's key unless the actor may do the action on the organisation owning it. */
  authorizeOn(actor: Actor, action: OrganizationAction, kind: OwnedKind, id: number): Promise<Owner>;
  /** The operator behind a request and the organisations they manage. */
  operatorScope(request: FastifyRequest): Promise<OperatorScope>;
  /** Admits the user to the auction (a private one opens to them) with the status given. */
  admitBidder(
    auctionId: number,
    userId: string,
    status: (typeof BidderStatusForAdmission)[keyof typeof BidderStatusForAdmission],
  ): Promise<void>;
}

export function authorizationService(db: Db): Authorization {
  return {
    requireVisibleAuction: (auction, userId) => requireVisibleAuction(db, auction, userId),
    visibleAuction: (auction, userId, options) => visibleAuction(db, auction, userId, options),
    visibleLot: (lot, auction, userId) => visibleLot(db, lot, auction, userId),
    accessToAuctions: (auctionIds, userId) => accessToAuctions(db, auctionIds, userId),
    actorOf: (account) => actorOf(db, account),
    authorizeOn: (actor, action, kind, id) => authorizeOn(db, actor, action, kind, id),
    operatorScope: (request) => operatorScope(db, request),
    admitBidder: (auctionId, userId, status) => admitBidder(db, auctionId, userId, status),
  };
}
