import type { Locale } from '../i18n/routes.ts';

// Spec 001 §4.
export const AuctionStatus = {
  Planning: 1,
  PreOpen: 2,
  Active: 3,
  Completed: 4,
  InvoiceGenerated: 5,
  Archived: 6,
} as const;

export type AuctionStatus = (typeof AuctionStatus)[keyof typeof AuctionStatus];

export interface AuctionTranslation {
  languageCode: Locale;
  titleShort: string;
  description: string;
}

export interface AuctionBanner {
  fullPath: string;
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
