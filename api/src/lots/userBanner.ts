import { isAuctionClosed, LotStatus } from '@auction/contract';
/**
 * Spec 001 §4 "Per-lot user banner", computed on the server from the lot's read model and the
 * signed-in user's own rows (purchases, max bid), so the screens need no query per lot.
 */
export type UserBannerState =
  | 'ownedItems'
  | 'donationsDone'
  | 'winner'
  | 'lost'
  | 'processing'
  | 'currentWinner'
  | 'currentLoser';

export interface UserBanner {
  state: UserBannerState;
  /** Items bought (fixed-price lots); null otherwise. */
  count: number | null;
  /** The user's max bid is below the last bid: their automatic bidding has stopped. */
  lostLead: boolean;
}

export interface UserBannerInput {
  userId: string;
  isFixedPrice: boolean;
  isDonation: boolean;
  /** The engine's lot status (2 open, 3 closed before auction, 4 no bid, 5 won, 6–8 later). */
  status: number;
  /** Auction status (4 Completed, 5 InvoiceGenerated, 6 Archived close every lot). */
  auctionStatus: number;
  endsAt: Date;
  price: number | null;
  leaderId: string | null;
  winnerId: string | null;
  /** Bidders with a standing bid (the bid history). */
  bidderIds: readonly string[];
  ownedQuantity: number;
  userMaxBid: number | null;
}

export function userBannerOf(lot: UserBannerInput, now: Date): UserBanner | null {
  if (lot.isFixedPrice) {
    if (lot.ownedQuantity <= 0) return null;
    return { state: lot.isDonation ? 'donationsDone' : 'ownedItems', count: lot.ownedQuantity, lostLead: false };
  }
  const involved =
    lot.leaderId === lot.userId ||
    lot.winnerId === lot.userId ||
    lot.bidderIds.includes(lot.userId) ||
    lot.userMaxBid !== null;
  if (!involved) return null;
  const banner = (state: UserBannerState, lostLead = false): UserBanner => ({ state, count: null, lostLead });
  if (lot.status !== LotStatus.InProgress) return banner(lot.winnerId === lot.userId ? 'winner' : 'lost');
  // Past its end (or its auction's) but not closed yet: the close is on its way.
  if (now >= lot.endsAt || isAuctionClosed(lot.auctionStatus)) return banner('processing');
  const lostLead = lot.userMaxBid !== null && lot.price !== null && lot.userMaxBid < lot.price;
  return banner(lot.leaderId === lot.userId ? 'currentWinner' : 'currentLoser', lostLead);
}
