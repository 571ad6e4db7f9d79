import type {
  AuctionStatus,
  auctionTab,
  auctionTranslation,
  Auction as ContractAuction,
  donationPreset,
} from '@auction/contract';
import type { z } from 'zod';

// Spec 001 §3 and §4: the contract's codes.
export { AuctionStatus, AuctionType, DonationType } from '@auction/contract';

// The answers of /api/auctions…, as the contract (contract/src/auctions.ts) describes them.
export type AuctionTranslation = z.infer<typeof auctionTranslation>;
export type AuctionBanner = NonNullable<Auction['bannerEnglish']>;
export type NamedTranslation = Auction['itemCategories'][number]['translations'][number];
export type AuctionTab = z.infer<typeof auctionTab>;
export type DonationPreset = z.infer<typeof donationPreset>;
export type { AuctionPhoto, ExchangeRate, OrganizationTeam } from '@auction/contract';

/**
 * GET /api/auctions/url-magic-link: the spec's Auction in the request language. The colours,
 * footer and integration keys are the auction's own, typed where the screens read them.
 */
export type Auction = ContractAuction & {
  /** The API answers the spec's codes only. */
  status: AuctionStatus;
  primaryColor?: string;
  primaryTextColor?: string;
  secondaryColor?: string;
  footerImageUrl?: string;
  footerPhoneNumber?: string;
  footerEmail?: string;
  footerUrl?: string;
  footerColor?: string;
  footerTextColor?: string;
};

/** What the home page's cards read of an entry of GET /api/auctions (each is a whole Auction). */
export type AuctionSummary = Pick<
  Auction,
  | 'id'
  | 'status'
  | 'urlMagicLink'
  | 'type'
  | 'translations'
  | 'languages'
  | 'datePreOpen'
  | 'dateOpen'
  | 'dateCompleted'
  | 'isAvailable'
  | 'organizationId'
  | 'organizationName'
  | 'currency'
  | 'bannerEnglish'
  | 'bannerFrench'
  | 'lotCount'
>;
