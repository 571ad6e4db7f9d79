import { Role, type RoleId } from '../accounts/roles.ts';

/**
 * What a user may do on an organisation's things, as one pure rule (docs/security.md):
 * administrators everything everywhere; an organisation's members (`organization_users`) by the
 * roles they hold in that organisation: auction managers manage it, volunteers only invite to its
 * auctions (spec 000 §6), and both see its private auctions. Volunteers also check guests in at
 * the door (`checkIn`); auditors only read the bid log (`audit`), which its managers may read too.
 * A role held in another organisation grants nothing here: roles are the membership's, only
 * Administrator is the account's.
 */
export type OrganizationAction = 'manage' | 'invite' | 'viewPrivate' | 'checkIn' | 'audit';

export const ACTION_ROLES: Record<OrganizationAction, readonly RoleId[]> = {
  manage: [Role.AuctionManager],
  invite: [Role.AuctionManager, Role.Volunteer],
  viewPrivate: [Role.AuctionManager, Role.Volunteer],
  checkIn: [Role.AuctionManager, Role.Volunteer],
  audit: [Role.AuctionManager, Role.Auditor],
};

/** The roles a user holds in one organisation (its `organization_users` row). */
export interface Membership {
  organizationId: number;
  roles: readonly number[];
}

/** Who acts: their account's roles and their memberships. */
export interface Actor {
  userId: string;
  roles: readonly number[];
  memberships: readonly Membership[];
}

export function isAdministrator(roles: readonly number[]): boolean {
  return roles.includes(Role.Administrator);
}

/**
 * The rule itself, for callers that read the account's roles and the roles held in the
 * organisation (null when the user does not belong to it) in their own query.
 */
export function mayAct(
  accountRoles: readonly number[],
  memberRoles: readonly number[] | null,
  action: OrganizationAction,
): boolean {
  if (isAdministrator(accountRoles)) return true;
  return memberRoles?.some((role) => (ACTION_ROLES[action] as readonly number[]).includes(role)) ?? false;
}

/** The roles the actor holds in the organisation, or null when they do not belong to it. */
export function rolesIn(actor: Actor, organizationId: number): readonly number[] | null {
  return actor.memberships.find((membership) => membership.organizationId === organizationId)?.roles ?? null;
}

export function mayActOn(actor: Actor, action: OrganizationAction, organizationId: number): boolean {
  return mayAct(actor.roles, rolesIn(actor, organizationId), action);
}

/** The organisations an actor may act on for this action: null means every one (administrator). */
export function organizationsFor(actor: Actor, action: OrganizationAction): readonly number[] | null {
  if (isAdministrator(actor.roles)) return null;
  return actor.memberships
    .filter((membership) => mayAct(actor.roles, membership.roles, action))
    .map((membership) => membership.organizationId);
}
