/**
 * Which title and banner picture an auction shows first, in a language and on a screen size
 * (spec 001 §2): the web app's banner and header, and the server's first screen of an auction
 * page (api/src/webApp/firstScreen.ts) read them from here, so both show the same picture.
 */
type Language = 'en' | 'fr';
const other: Record<Language, Language> = { en: 'fr', fr: 'en' };

interface Titled {
  translations: ReadonlyArray<{ languageCode: string; titleShort: string }>;
}
interface Bannered {
  bannerEnglish: { fullPath: string } | null;
  bannerFrench: { fullPath: string } | null;
}
interface BannerPhoto {
  fullPath: string;
  order: number;
  isUsedInFrench: boolean;
  isUsedInEnglish: boolean;
  isUsedOnComputer: boolean;
  isUsedOnMobile: boolean;
  isUsedAsBackgroundImage: boolean;
  bannerType?: string | null | undefined;
}

/** The screens from this width up are "computers" for the banner photos (and the app's layout). */
export const MEDIUM_SCREEN = '(min-width: 48rem)';

/** Short title in the page's language, else the other one; undefined when the auction has neither. */
export function auctionTitle(auction: Titled, locale: Language): string | undefined {
  const titleIn = (language: Language) =>
    auction.translations.find((t) => t.languageCode === language && t.titleShort.trim() !== '')?.titleShort;
  return titleIn(locale) ?? titleIn(other[locale]);
}

export function auctionBannerPath(auction: Bannered, locale: Language): string | undefined {
  const banners = { en: auction.bannerEnglish, fr: auction.bannerFrench };
  return (banners[locale] ?? banners[other[locale]])?.fullPath;
}

/** The banner photos shown in this language on a computer or on a phone, in their order (spec 001 §2). */
export function bannerPhotos<P extends BannerPhoto>(
  auction: { photos?: readonly P[] | null },
  locale: Language,
  desktop: boolean,
): P[] {
  return (auction.photos ?? [])
    .filter((photo) => (locale === 'fr' ? photo.isUsedInFrench : photo.isUsedInEnglish))
    .filter((photo) => (desktop ? photo.isUsedOnComputer : photo.isUsedOnMobile))
    .filter((photo) => !photo.isUsedAsBackgroundImage && photo.bannerType !== 'video')
    .sort((a, b) => a.order - b.order);
}

/** The picture the auction's banner shows first. */
export function firstBannerPath(
  auction: Bannered & { photos?: readonly BannerPhoto[] | null },
  locale: Language,
  desktop: boolean,
): string | undefined {
  return bannerPhotos(auction, locale, desktop)[0]?.fullPath ?? auctionBannerPath(auction, locale);
}
