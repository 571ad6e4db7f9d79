import { describe, expect, it } from 'vitest';
import { type BiddingContext, permissionToBid } from '../../src/rules/permissionToBid.ts';

const auction: BiddingContext['auction'] = {
  urlMagicLink: 'Gala-2026',
  isActive: true,
  allowAnonymousBidding: false,
  requireCCToBid: false,
  requireAddressToBid: false,
};
const bidder: NonNullable<BiddingContext['user']> = {
  roles: [3],
  addressCompleted: true,
  activeTrustedUrlMagicLinks: [],
  hasCards: true,
  hasSelectedCard: true,
};
const lot: NonNullable<BiddingContext['lot']> = {
  isFixedPrice: false,
  startingBid: 1000,
  multiSalePrice: null,
  status: 2,
  isHidden: false,
};
const reason = (context: Partial<BiddingContext>) => permissionToBid({ auction, user: bidder, lot, ...context }).reason;

describe('permission to bid (spec 001 §5, in order, later overrides earlier)', () => {
  it('lets a bidder with a role bid on a priced, open, visible lot of an active auction', () => {
    expect(permissionToBid({ auction, user: bidder, lot })).toEqual({
      canBid: true,
      reason: null,
      isAuctionActive: true,
      requireCCToBid: false,
      requireAddressToBid: false,
    });
  });

  it('1. asks an anonymous visitor to log in unless the auction allows anonymous bidding', () => {
    expect(reason({ user: null })).toBe('user_must_be_logged_in');
    expect(reason({ user: null, auction: { ...auction, allowAnonymousBidding: true } })).toBeNull();
  });

  it('2–3. requires a card, then a card selected for the auction', () => {
    const cc = { ...auction, requireCCToBid: true };
    expect(reason({ auction: cc, user: { ...bidder, hasCards: false } })).toBe('requiresCreateCreditCard');
    expect(reason({ auction: cc, user: null })).toBe('requiresCreateCreditCard');
    expect(reason({ auction: cc, user: { ...bidder, hasSelectedCard: false } })).toBe('requiresSelectedCreditCard');
  });

  it('4. requires a completed address when the auction does', () => {
    expect(
      reason({ auction: { ...auction, requireAddressToBid: true }, user: { ...bidder, addressCompleted: false } }),
    ).toBe('requiresAddress');
  });

  it('5. a trusted link of the auction (any case) lifts the card and address requirements', () => {
    const strict = { ...auction, requireCCToBid: true, requireAddressToBid: true };
    const organiser = {
      ...bidder,
      hasCards: false,
      addressCompleted: false,
      activeTrustedUrlMagicLinks: ['gala-2026'],
    };
    expect(reason({ auction: strict, user: organiser })).toBeNull();
  });

  it('6. volunteer-only users and users with no role cannot bid, even with a trusted link', () => {
    expect(reason({ user: { ...bidder, roles: [4] } })).toBe('volunteers_cannot_bid');
    expect(reason({ user: { ...bidder, roles: [4, 2] } })).toBeNull();
    expect(reason({ user: { ...bidder, roles: [], activeTrustedUrlMagicLinks: ['gala-2026'] } })).toBe(
      'no_roles_cannot_donate',
    );
  });

  it('6. an auditor cannot bid or donate, whatever other role they hold, even with a trusted link', () => {
    expect(reason({ user: { ...bidder, roles: [5] } })).toBe('auditors_cannot_bid');
    expect(reason({ user: { ...bidder, roles: [3, 5], activeTrustedUrlMagicLinks: ['gala-2026'] } })).toBe(
      'auditors_cannot_bid',
    );
    expect(permissionToBid({ auction, user: { ...bidder, roles: [2, 5] } }).canBid).toBe(false);
  });

  it('7–9. the lot: no price, then closed, then hidden, each overriding the one before', () => {
    expect(reason({ lot: { ...lot, startingBid: 0 } })).toBe('item_no_price');
    expect(reason({ lot: { ...lot, isFixedPrice: true, multiSalePrice: null } })).toBe('item_no_price');
    expect(reason({ lot: { ...lot, startingBid: null, status: 3 } })).toBe('item_closed');
    expect(reason({ lot: { ...lot, status: 100 } })).toBe('item_closed');
    expect(reason({ lot: { ...lot, status: 3, isHidden: true } })).toBe('item_hidden');
    expect(reason({ user: { ...bidder, roles: [4] }, lot: { ...lot, isHidden: true } })).toBe('item_hidden');
  });

  it('10. an auction that is not active overrides everything', () => {
    expect(reason({ auction: { ...auction, isActive: false }, user: null, lot: { ...lot, isHidden: true } })).toBe(
      'auctionNotActive',
    );
  });

  it('applies to donations (no lot)', () => {
    expect(permissionToBid({ auction, user: bidder }).canBid).toBe(true);
    expect(permissionToBid({ auction, user: { ...bidder, roles: [4] } }).reason).toBe('volunteers_cannot_bid');
  });
});
