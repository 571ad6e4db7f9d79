import { LotStatus, Role } from '../codes.ts';

/**
 * Permission to bid or donate (spec 001 §5), as one pure function shared by the API and the web
 * app: the rules are evaluated in the spec's order and a later rule's verdict overrides an earlier
 * one's; an auction that is not Active overrides everything.
 */
export type BiddingReason =
  | 'user_must_be_logged_in'
  | 'requiresCreateCreditCard'
  | 'requiresSelectedCreditCard'
  | 'requiresAddress'
  | 'volunteers_cannot_bid'
  | 'auditors_cannot_bid'
  | 'no_roles_cannot_donate'
  | 'item_no_price'
  | 'item_closed'
  | 'item_hidden'
  | 'auctionNotActive'
  | 'private_auction';

export interface BiddingContext {
  auction: {
    urlMagicLink: string;
    isActive: boolean;
    allowAnonymousBidding: boolean;
    requireCCToBid: boolean;
    requireAddressToBid: boolean;
    /** False for a private auction the user is not admitted to (docs/security.md); absent: visible. */
    visible?: boolean;
  };
  /** Null for an anonymous visitor. */
  user: {
    roles: readonly number[];
    addressCompleted: boolean;
    activeTrustedUrlMagicLinks: readonly string[];
    hasCards: boolean;
    hasSelectedCard: boolean;
  } | null;
  /** Absent when asking about a donation rather than a lot. */
  lot?: {
    isFixedPrice: boolean;
    startingBid: number | null;
    multiSalePrice: number | null;
    /** Spec 001 §4 lot status code. */
    status: number;
    isHidden: boolean;
  };
}

export interface AllowedBidding {
  canBid: boolean;
  reason: BiddingReason | null;
  isAuctionActive: boolean;
  requireCCToBid: boolean;
  requireAddressToBid: boolean;
}

export function permissionToBid({ auction, user, lot }: BiddingContext): AllowedBidding {
  let reason: BiddingReason | null = null;
  // 1. Logged in, or anonymous bidding allowed.
  if (!user && !auction.allowAnonymousBidding) reason = 'user_must_be_logged_in';
  // 2. A card is required and there is none.
  if (auction.requireCCToBid && !user?.hasCards) reason = 'requiresCreateCreditCard';
  // 3. Cards exist but none is selected for this auction.
  else if (auction.requireCCToBid && user && !user.hasSelectedCard) reason = 'requiresSelectedCreditCard';
  // 4. The address is required and not completed.
  if (auction.requireAddressToBid && user && !user.addressCompleted) reason = 'requiresAddress';
  // 5. A trusted link of this auction (its organisers) allows bidding.
  const link = auction.urlMagicLink.toLowerCase();
  if (user?.activeTrustedUrlMagicLinks.some((trusted) => trusted.toLowerCase() === link)) reason = null;
  // 6. Volunteer-only users and users without a role.
  if (user && user.roles.length > 0 && user.roles.every((role) => role === Role.Volunteer))
    reason = 'volunteers_cannot_bid';
  if (user && user.roles.length === 0) reason = 'no_roles_cannot_donate';
  // An auditor reads the bid log they may be asked to vouch for: never a party to it, whatever
  // other role the account holds.
  if (user?.roles.includes(Role.Auditor)) reason = 'auditors_cannot_bid';
  if (lot) {
    // 7. No price.
    const noPrice = lot.isFixedPrice ? !lot.multiSalePrice : !lot.startingBid;
    if (noPrice) reason = 'item_no_price';
    // 8. Closed before the auction, or open but biddable by no one.
    if (lot.status === LotStatus.ClosedBeforeAuction || lot.status === LotStatus.OpenCannotBid) reason = 'item_closed';
    // 9. Hidden.
    if (lot.isHidden) reason = 'item_hidden';
  }
  // 10. The auction is not active: overrides all.
  if (!auction.isActive) reason = 'auctionNotActive';
  // 11. A private auction the user is not admitted to: nothing may be done there, active or not.
  if (auction.visible === false) reason = 'private_auction';
  return {
    canBid: reason === null,
    reason,
    isAuctionActive: auction.isActive,
    requireCCToBid: auction.requireCCToBid,
    requireAddressToBid: auction.requireAddressToBid,
  };
}
