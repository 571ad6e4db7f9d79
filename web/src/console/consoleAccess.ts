import { Role } from '@auction/contract';

/**
 * Who sees the operator console and what they may do in it (docs/console.md), as the API decides
 * it: the console only hides what the API would refuse anyway.
 */
const CONSOLE_ROLES: readonly number[] = [Role.Administrator, Role.AuctionManager, Role.Volunteer, Role.Auditor];

export function canUseConsole(roles: readonly number[]): boolean {
  return roles.some((role) => CONSOLE_ROLES.includes(role));
}

/** Organisations, auctions and members are operator calls: administrators and auction managers. */
export function canOperate(roles: readonly number[]): boolean {
  return roles.includes(Role.Administrator) || roles.includes(Role.AuctionManager);
}

/** An auditor who operates nothing gets the audit alone (audit/AuditorConsole.tsx). */
export function isAuditorOnly(roles: readonly number[]): boolean {
  return roles.includes(Role.Auditor) && !canOperate(roles);
}

/** The roles the console grants, in the order it shows them. */
export const GRANTABLE_ROLES = [Role.Administrator, Role.AuctionManager, Role.Volunteer, Role.Auditor] as const;
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

/** Administrator is granted by administrators only; the others by whoever manages the organisation. */
export function mayGrant(actorRoles: readonly number[], role: GrantableRole): boolean {
  if (role === Role.Administrator) return actorRoles.includes(Role.Administrator);
  return canOperate(actorRoles);
}

/** At least 2 characters before the user search is asked (the API refuses fewer). */
export const USER_SEARCH_MIN_LENGTH = 2;
