import { Role, type RoleId } from '../accounts/roles.ts';

/**
 * What a user may do on an organisation's things, as one pure rule (docs/security.md):
 * administrators everything everywhere; an organisation's members (`organization_users`) by their
 * role: auction managers manage it, volunteers only invite to its auctions (spec 000 §6), and both
 * see its private auctions. Membership without one of those roles grants nothing. Volunteers
 * also check guests in at the door (`checkIn`); auditors only read the bid log (`audit`), which
 * its managers may read too.
 */
export type OrganizationAction = 'manage' | 'invite' | 'viewPrivate' | 'checkIn' | 'audit';

export const ACTION_ROLES: Record<OrganizationAction, readonly RoleId[]> = {
  manage: [Role.AuctionManager],
  invite: [Role.AuctionManager, Role.Volunteer],
  viewPrivate: [Role.AuctionManager, Role.Volunteer],
  checkIn: [Role.AuctionManager, Role.Volunteer],
  audit: [Role.AuctionManager, Role.Auditor],
};

/** Who acts: their roles and the organisations they belong to. */
export interface Actor {
  userId: string;
  roles: readonly number[];
  organizationIds: readonly number[];
}

export function isAdministrator(roles: readonly number[]): boolean {
  return roles.includes(Role.Administrator);
}

/** The rule itself, for callers that already know whether the user belongs to the organisation. */
export function mayAct(roles: readonly number[], isMember: boolean, action: OrganizationAction): boolean {
  if (isAdministrator(roles)) return true;
  return isMember && roles.some((role) => (ACTION_ROLES[action] as readonly number[]).includes(role));
}

export function mayActOn(actor: Actor, action: OrganizationAction, organizationId: number): boolean {
  return mayAct(actor.roles, actor.organizationIds.includes(organizationId), action);
}

/** The organisations an actor may act on for this action: null means every one (administrator). */
export function organizationsFor(actor: Actor, action: OrganizationAction): readonly number[] | null {
  if (isAdministrator(actor.roles)) return null;
  return actor.organizationIds.filter((id) => mayActOn(actor, action, id));
}
