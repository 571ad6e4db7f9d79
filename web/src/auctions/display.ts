import type { MessageId } from '../i18n/messages.ts';
import type { Locale } from '../i18n/routes.ts';
import {
  type Auction,
  type AuctionPhoto,
  type AuctionStatus,
  type AuctionSummary,
  AuctionStatus as Status,
} from './types.ts';

const otherLocale: Record<Locale, Locale> = { en: 'fr', fr: 'en' };

/** Short title in the page's language, else the other one; undefined when the auction has neither. */
export function auctionTitle(auction: AuctionSummary, locale: Locale): string | undefined {
  const titleIn = (language: Locale) =>
    auction.translations.find((t) => t.languageCode === language && t.titleShort.trim() !== '')?.titleShort;
  return titleIn(locale) ?? titleIn(otherLocale[locale]);
}

export function auctionBannerPath(auction: AuctionSummary, locale: Locale): string | undefined {
  const banners = { en: auction.bannerEnglish, fr: auction.bannerFrench };
  return (banners[locale] ?? banners[otherLocale[locale]])?.fullPath;
}

/** The banner photos shown in this language on a computer or on a phone, in their order (spec 001 §2). */
export function bannerPhotos(auction: Auction, locale: Locale, desktop: boolean): AuctionPhoto[] {
  return (auction.photos ?? [])
    .filter((photo) => (locale === 'fr' ? photo.isUsedInFrench : photo.isUsedInEnglish))
    .filter((photo) => (desktop ? photo.isUsedOnComputer : photo.isUsedOnMobile))
    .filter((photo) => !photo.isUsedAsBackgroundImage && photo.bannerType !== 'video')
    .sort((a, b) => a.order - b.order);
}

/** The picture the auction's banner shows first. */
export function firstBannerPath(auction: Auction, locale: Locale, desktop: boolean): string | undefined {
  return bannerPhotos(auction, locale, desktop)[0]?.fullPath ?? auctionBannerPath(auction, locale);
}

export const statusLabel: Record<AuctionStatus, MessageId> = {
  [Status.Planning]: 'auction.status.planning',
  [Status.PreOpen]: 'auction.status.preOpen',
  [Status.Active]: 'auction.status.active',
  [Status.Completed]: 'auction.status.completed',
  [Status.InvoiceGenerated]: 'auction.status.invoiceGenerated',
  [Status.Archived]: 'auction.status.archived',
};

export function isClosed(status: AuctionStatus): boolean {
  return status === Status.Completed || status === Status.InvoiceGenerated;
}

// Spec 001 §4: Planning and Archived never appear in lists.
export function isListed(status: AuctionStatus): boolean {
  return status !== Status.Planning && status !== Status.Archived;
}

/** The one date a bidder cares about now: when it opens, when it ends, or when it closed. */
export function auctionMilestone(
  auction: Pick<AuctionSummary, 'status' | 'dateOpen' | 'dateCompleted'>,
): { messageId: MessageId; date: string } | undefined {
  if (auction.status === Status.PreOpen) {
    return auction.dateOpen ? { messageId: 'auction.opensAt', date: auction.dateOpen } : undefined;
  }
  if (auction.status === Status.Active) {
    return auction.dateCompleted ? { messageId: 'auction.endsAt', date: auction.dateCompleted } : undefined;
  }
  return auction.dateCompleted ? { messageId: 'auction.closedAt', date: auction.dateCompleted } : undefined;
}
