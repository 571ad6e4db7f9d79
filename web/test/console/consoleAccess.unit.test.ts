import { Role } from '@auction/contract';
import { describe, expect, it } from 'vitest';
import { canOperate, canUseConsole, isAuditorOnly, mayGrant } from '../../src/console/consoleAccess.ts';

describe('who uses the console', () => {
  it('admits administrators, auction managers and volunteers, not bidders', () => {
    expect(canUseConsole([Role.Administrator])).toBe(true);
    expect(canUseConsole([Role.Patron, Role.AuctionManager])).toBe(true);
    expect(canUseConsole([Role.Volunteer])).toBe(true);
    expect(canUseConsole([Role.Patron])).toBe(false);
    expect(canUseConsole([])).toBe(false);
  });

  it('gives an auditor who operates nothing the audit alone, and lets operators grant the role', () => {
    expect(canUseConsole([Role.Patron, Role.Auditor])).toBe(true);
    expect(isAuditorOnly([Role.Patron, Role.Auditor])).toBe(true);
    expect(isAuditorOnly([Role.Auditor, Role.AuctionManager])).toBe(false);
    expect(isAuditorOnly([Role.Volunteer])).toBe(false);
    expect(mayGrant([Role.AuctionManager], Role.Auditor)).toBe(true);
    expect(mayGrant([Role.Auditor], Role.Auditor)).toBe(false);
  });

  it('lets only operators see organisations, and only administrators grant administrator', () => {
    expect(canOperate([Role.Volunteer])).toBe(false);
    expect(mayGrant([Role.AuctionManager], Role.Administrator)).toBe(false);
    expect(mayGrant([Role.AuctionManager], Role.Volunteer)).toBe(true);
    expect(mayGrant([Role.Administrator], Role.Administrator)).toBe(true);
    expect(mayGrant([Role.Volunteer], Role.Volunteer)).toBe(false);
  });
});
