import { Role } from '@auction/contract';

/**
 * Spec 000 §6: roles 1–4, "bidder is the default user", and "users with no roles cannot bid".
 * Both hold when registration gives the default role Patron (3), the bidder's role; an account
 * whose roles were all withdrawn can still log in but not bid or donate (docs/accounts.md).
 */
export { Role };
export type RoleId = Role;

/** Only these see the invite screen and may send invitations. */
export const INVITING_ROLES: readonly RoleId[] = [Role.Volunteer, Role.Administrator, Role.AuctionManager];
export const OPERATOR_ROLES: readonly RoleId[] = [Role.Administrator, Role.AuctionManager];

export function hasAnyRole(roles: readonly number[], allowed: readonly RoleId[]): boolean {
  return roles.some((role) => (allowed as readonly number[]).includes(role));
}

export const DEFAULT_ROLES: readonly RoleId[] = [Role.Patron];

/** Administrators, and the auction managers and auditors of an organisation, read its bid log. */
export const AUDITING_ROLES: readonly RoleId[] = [Role.Administrator, Role.AuctionManager, Role.Auditor];

/**
 * Spec 000 §6: volunteer-only users and users with no roles cannot bid or donate; nor can an
 * auditor (contract/src/rules/permissionToBid.ts), whatever other role they hold.
 */
export function canBid(roles: readonly number[]): boolean {
  return !roles.includes(Role.Auditor) && roles.some((role) => role !== Role.Volunteer);
}
