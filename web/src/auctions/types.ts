import type { Locale } from '../i18n/routes.ts';
import type { Money } from '../lib/money.ts';

// Spec 001 §3 and §4: the contract's codes.
export { AuctionStatus, AuctionType, DonationType } from '@auction/contract';

export interface AuctionTranslation {
  languageCode: Locale;
  titleShort: string;
  description: string;
  teamAppellation?: string | null;
}

export interface AuctionBanner {
  fullPath: string;
}

export interface NamedTranslation {
  languageCode: string;
  name: string;
}

/** One entry of GET /api/auctions. Dates are ISO strings. */
export interface AuctionSummary {
  id: number;
  status: AuctionStatus;
  urlMagicLink: string;
  type: number;
  translations: AuctionTranslation[];
  // Spec 001 §3 enumeration: 1 English, 2 French.
  languages: number[];
  datePreOpen: string | null;
  dateOpen: string | null;
  dateCompleted: string | null;
  isAvailable: boolean;
  organizationId: number;
  organizationName: string;
  currency: string;
  bannerEnglish: AuctionBanner | null;
  bannerFrench: AuctionBanner | null;
  lotCount: number;
}

export interface AuctionTab {
  id: number;
  order: number;
  translations: Array<{ languageCode: string; name: string; url: string; title: string; content: string }>;
}

export interface AuctionPhoto {
  id: number;
  order: number;
  fullPath: string;
  interval: number;
  bannerType: 'image' | 'video' | string;
  videoUrl: string | null;
  additionalLinkUrl: string | null;
  isUsedInFrench: boolean;
  isUsedInEnglish: boolean;
  isUsedOnMobile: boolean;
  isUsedOnComputer: boolean;
  isUsedAsBackgroundImage: boolean;
  isVideoAlwaysOnTop: boolean;
  isUsedAsBannerInLeaderboard?: boolean;
}

export interface DonationPreset {
  id: number;
  order: number;
  amount: Money | null;
  isOtherAmount: boolean;
}

/**
 * GET /api/auctions/url-magic-link. The fields past the summary arrived while this app was being
 * built, so they are optional: a screen that needs one shows its neutral form without it.
 */
export interface Auction extends AuctionSummary {
  completedDate?: string | null;
  tabs?: AuctionTab[];
  itemCategories?: Array<{ id: number; order: number; translations: NamedTranslation[] }>;
  closingGroups?: Array<{
    id: number;
    isHiddenInMenu: boolean;
    dateCompleted: string;
    translations: NamedTranslation[];
  }>;
  hideCountdown?: boolean;
  showAuctionCarousel?: boolean;
  allowAnonymousBidding?: boolean;
  requireCCToBid?: boolean;
  requireAddressToBid?: boolean;
  allowItemsManagementByTeam?: boolean;
  paymentType?: number;
  allowProxyBidding?: boolean;
  donationType?: number;
  donationUrl?: string | null;
  donationAllowOtherAmount?: boolean;
  donations?: DonationPreset[];
  photos?: AuctionPhoto[];
  primaryColor?: string;
  primaryTextColor?: string;
  secondaryColor?: string;
  footerImageUrl?: string;
  footerPhoneNumber?: string;
  footerEmail?: string;
  footerUrl?: string;
  footerColor?: string;
  footerTextColor?: string;
}

export interface OrganizationTeam {
  id: number;
  backgroundColor: string | null;
  textColor: string | null;
  translations: NamedTranslation[];
}

export interface ExchangeRate {
  baseCurrency: string;
  targetCurrency: string;
  rate: number;
  date: string;
}
