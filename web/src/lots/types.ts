import type { Money } from '../lib/money.ts';

// Spec 001 §4 lot status codes and §9 sale types: the contract's.
export { LotStatus, LotType } from '@auction/contract';

export interface LotTranslation {
  languageCode: string;
  name: string;
  description: string;
  information: string;
  shippingInformation: string;
}

export interface LotPhoto {
  fullPath_Large: string;
  fullPath_Medium: string | null;
  description: string | null;
  order: number;
}

export interface BidHistoryEntry {
  id: string;
  auctionLotItemId: number;
  userId: string;
  bidderDisplayName: string;
  amount: Money;
  isAutoBid: boolean;
  isMaxBid: boolean;
  bidDate: string;
  quantity?: number;
}

export interface AllowedBidding {
  canBid: boolean;
  reason: string | null;
  isAuctionActive: boolean;
  requireCCToBid: boolean;
  requireAddressToBid: boolean;
}

/** Spec 001 §3 lot item as GET /api/auction-lot-items answers it (the list's fields). */
export interface Lot {
  id: number;
  auctionId: number;
  lotNumber: number;
  type: number;
  status: number;
  name: string;
  translations: LotTranslation[];
  photos: LotPhoto[];
  mainPhotoFullPath_Medium: string | null;
  itemCategories: Array<{ id: number }>;
  auctionClosingGroupId: number | null;
  startingBid: Money | null;
  lastBid: Money | null;
  minimumIncrement: Money | null;
  valuation: Money | null;
  multiSalePrice: Money | null;
  multiSaleQuantity: number | null;
  soldQuantity: number;
  remainingQuantity: number | null;
  maxPerBidder: number | null;
  isDonation: boolean;
  isHidden: boolean;
  isFavorite: boolean;
  winnerUserId: string | null;
  winningUserId: string | null;
  auctionWinner: string | null;
  winnerName: string | null;
  lastBidder: string | null;
  bidders: string[];
  bidCount: number;
  isWinning: boolean;
  offeredBy: string | null;
  additionalInfoExternalUrl: string | null;
  organizationTeamId: number | null;
  dateCompletedUtc: string;
  initialDateCompleted: string;
  dateTurningRed: string;
  allowsTimeExtension: boolean;
  extensionDurationInMinutes: number;
  extensionDurationMaximumMinutes: number;
  minutesLeftBeforeAllowingExtension: number;
  /** The signed-in user's banner as the API computes it (docs/donations.md); absent for visitors. */
  userBanner?: ServerUserBanner | null;
}

export interface ServerUserBanner {
  state: 'ownedItems' | 'donationsDone' | 'winner' | 'lost' | 'processing' | 'currentWinner' | 'currentLoser';
  count?: number | null;
  lostLead?: boolean;
}

/** GET /api/auction-lot-items/{id}: the lot with its history, related lots and what the user may do. */
export interface LotDetail extends Lot {
  listBidsHistory: BidHistoryEntry[];
  relatedAuctionLotItems: Lot[];
  allowedBidding: AllowedBidding;
  maxBid: Money | null;
}

export interface LotPage {
  count: number;
  currentPage: number;
  pageSize: number;
  items: Lot[];
}

/** The user's standing on a lot after a bid, max bid or purchase (POST /api/bids/…). */
export interface Standing {
  isWinning: boolean;
  maxBid: { value: number } | null;
}

export interface BidAnswer {
  standing: Standing;
}
