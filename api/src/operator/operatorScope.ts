import { AuctionStatus } from '@auction/contract';
import type { Db } from '@auction/platform';
import type { FastifyRequest } from 'fastify';
import { accountOf } from '../accounts/auth.ts';
import { actorOf, authorizeOn, type OwnedKind, requireOn } from '../authorization/organizationAccess.ts';
import { type Actor, isAdministrator, mayActOn, organizationsFor } from '../authorization/organizationRules.ts';
import { HttpError } from '../errors.ts';

/**
 * The operator behind a request, for the operator API: the shared organisation check
 * (authorization/) with the action `manage`. Anything outside their organisations answers 404, so
 * the ids of other organisations' auctions and lots do not leak.
 */
export interface OperatorScope {
  actor: Actor;
  userId: string;
  isAdministrator: boolean;
  /** The organisations the operator manages; null for an administrator (every one). */
  organizationIds: readonly number[] | null;
}

export async function operatorScope(db: Db, request: FastifyRequest): Promise<OperatorScope> {
  const actor = await actorOf(db, accountOf(request));
  return {
    actor,
    userId: actor.userId,
    isAdministrator: isAdministrator(actor.roles),
    organizationIds: organizationsFor(actor, 'manage'),
  };
}

export function mayManage(scope: OperatorScope, organizationId: number): boolean {
  return mayActOn(scope.actor, 'manage', organizationId);
}

/** The organisation, once it is known the operator may manage it; 404 otherwise. */
export function requireManaged(scope: OperatorScope, organizationId: number | undefined, notFound: string): number {
  if (organizationId === undefined) throw new HttpError(404, notFound);
  requireOn(scope.actor, 'manage', organizationId, notFound);
  return organizationId;
}

export type Owned = Exclude<OwnedKind, 'organization' | 'team'>;

/** Resolves a managed thing to its auction (and that auction's status), or answers 404 when it is unknown or out of scope. */
export async function managedAuctionOf(
  db: Db,
  scope: OperatorScope,
  kind: Owned,
  id: number,
): Promise<{ auctionId: number; organizationId: number; auctionStatus: number }> {
  const owner = await authorizeOn(db, scope.actor, 'manage', kind, id);
  const auction = owner.auction as { id: number; status: number };
  return { auctionId: auction.id, organizationId: owner.organizationId, auctionStatus: auction.status };
}

/** Resolves an organisation or a team to its organisation, or answers 404 when unknown or out of scope. */
export async function managedOrganizationOf(
  db: Db,
  scope: OperatorScope,
  kind: 'organization' | 'team',
  id: number,
): Promise<number> {
  return (await authorizeOn(db, scope.actor, 'manage', kind, id)).organizationId;
}

/** A managed auction's facts a call needs, with the operator acting on it. */
export interface ManagedAuction {
  auctionId: number;
  organizationId: number;
  auctionStatus: number;
  userId: string;
  /** Whether the auction is Active: the engine's commands carry it. */
  auctionActive: boolean;
}

/** The operator checks bound to the database once, as the routes use them. */
export interface OperatorAccess {
  scope(request: FastifyRequest): Promise<OperatorScope>;
  /** The auction owning the thing, once it is known the caller manages it; 404 otherwise. */
  managedAuction(request: FastifyRequest, kind: Owned, id: number): Promise<ManagedAuction>;
  /** The organisation owning the organisation or team, once it is known the caller manages it; 404 otherwise. */
  managedOrganization(request: FastifyRequest, kind: 'organization' | 'team', id: number): Promise<number>;
}

export function operatorAccess(db: Db): OperatorAccess {
  return {
    scope: (request) => operatorScope(db, request),
    async managedAuction(request, kind, id) {
      const scope = await operatorScope(db, request);
      const owner = await managedAuctionOf(db, scope, kind, id);
      return { ...owner, userId: scope.userId, auctionActive: owner.auctionStatus === AuctionStatus.Active };
    },
    async managedOrganization(request, kind, id) {
      return managedOrganizationOf(db, await operatorScope(db, request), kind, id);
    },
  };
}
