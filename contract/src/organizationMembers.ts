import { z } from 'zod';
import { Role } from './codes.ts';
import { decimalInteger, idParams } from './common.ts';

/**
 * The console's members and roles (issue 19 §2): an organisation's members with their roles, the
 * grant and revoke of a role, and the user search that finds whom to grant it to. Roles are the
 * account's (spec 000 §6 gives a user a list of roles); membership is per organisation.
 */

/** The roles the console grants: administrator, auction manager, volunteer, auditor (not patron, the default). */
export const grantableRole = decimalInteger(
  z.union([
    z.literal(Role.Administrator),
    z.literal(Role.AuctionManager),
    z.literal(Role.Volunteer),
    z.literal(Role.Auditor),
  ]),
);

/** Only what an operator needs to recognise a person: no address, no payment details. */
/** Another organisation a member belongs to, with the roles they hold there. */
export const otherMembership = z.object({ id: z.number().int(), name: z.string(), roles: z.array(z.number()) });

export const memberUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  phoneNumber: z.string().nullable(),
  roles: z.array(z.number()),
  /**
   * In an organisation's member list read by an administrator only: the member's other
   * organisations, by name, so roles granted for one and held in another can be found and revoked
   * (docs/operations.md, migration 0040). Absent for anyone else, who learns nothing of other
   * organisations.
   */
  otherOrganizations: z.array(otherMembership).optional(),
});

export const memberParams = idParams.extend({ userId: z.uuid({ error: 'user_not_found' }) });
export const memberRoleParams = memberParams.extend({ role: grantableRole });

/** The search: 2 to 100 characters of a name, an email or a phone number; at most 20 answers. */
export const userSearchQuery = z.strictObject({ q: z.string().trim().min(2, 'search_too_short').max(100) });
export const USER_SEARCH_LIMIT = 20;

/** After a grant or a revoke: the user as they stand, and whether they still belong to the organisation. */
export const memberAnswer = memberUser.extend({ isMember: z.boolean() });

export type MemberUser = z.infer<typeof memberUser>;
export type OtherMembership = z.infer<typeof otherMembership>;
export type MemberAnswer = z.infer<typeof memberAnswer>;
