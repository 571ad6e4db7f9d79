import { Role } from '@auction/contract';
import { describe, expect, it } from 'vitest';
import { type Actor, mayAct, mayActOn, organizationsFor } from '../../src/authorization/organizationRules.ts';

/** A user who manages organisation 1 and volunteers at the door of organisation 2. */
const actor: Actor = {
  userId: 'u',
  roles: [Role.Patron, Role.AuctionManager, Role.Volunteer],
  memberships: [
    { organizationId: 1, roles: [Role.AuctionManager] },
    { organizationId: 2, roles: [Role.Volunteer] },
  ],
};

describe('what a member may do in an organisation', () => {
  it('reads the roles held in that organisation, not those held in another', () => {
    expect(mayActOn(actor, 'manage', 1)).toBe(true);
    expect(mayActOn(actor, 'manage', 2)).toBe(false);
    expect(mayActOn(actor, 'checkIn', 2)).toBe(true);
    expect(mayActOn(actor, 'audit', 2)).toBe(false);
    expect(mayActOn(actor, 'viewPrivate', 3)).toBe(false);
  });

  it('lists the organisations per action', () => {
    expect(organizationsFor(actor, 'manage')).toEqual([1]);
    expect(organizationsFor(actor, 'invite')).toEqual([1, 2]);
    expect(organizationsFor(actor, 'audit')).toEqual([1]);
  });

  it('lets an administrator do everything everywhere, a member nothing with no role there, a stranger nothing', () => {
    const administrator: Actor = { userId: 'a', roles: [Role.Administrator], memberships: [] };
    expect(mayActOn(administrator, 'manage', 42)).toBe(true);
    expect(organizationsFor(administrator, 'manage')).toBeNull();
    expect(mayAct([Role.AuctionManager], [], 'manage')).toBe(false);
    expect(mayAct([Role.AuctionManager], null, 'viewPrivate')).toBe(false);
    expect(mayAct([Role.Patron], [Role.Auditor], 'audit')).toBe(true);
  });
});
