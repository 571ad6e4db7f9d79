import { auctionTitle, firstBannerPath, MEDIUM_SCREEN } from '@auction/contract';
import { escapeHtml } from '@auction/platform';
import { laterModule } from './startAfterFirstPaint.ts';
/**
 * The first screen of an auction's pages in the HTML itself (docs/web.md "Lighthouse"): on a phone
 * the lot list's and the lot page's largest paint waited on entry script → auction call → picture,
 * one after the other. The server, which has the answers at hand, writes the anonymous answers of
 * those calls into the page as a JSON data block; an anonymous visitor's app starts from them
 * instead of asking (a signed-in user's answers differ, so their app asks as before).
 */

/** What an auction page's URL names: the auction, the lot on a lot page, and the page's language. */
export interface AuctionPage {
  urlMagicLink: string;
  lotId: number | null;
  locale: 'en' | 'fr';
}

/**
 * The auction screens (web/src/i18n/routes.ts: auctionHome, lotList, lotListByCategory, lotDetail)
 * in French (`/encans/…/lots`) and English (`/en/auctions/…/items`, or without `/en`). Any other
 * page gets the plain index.html.
 */
const AUCTION_PAGE =
  /^\/(?:(encans)\/([^/]+)(?:\/lots(?:\/(\d+)|\/categories\/\d+)?)?|(?:en\/)?auctions\/([^/]+)(?:\/items(?:\/(\d+)|\/categories\/\d+)?)?)\/?$/;

export function auctionPageOf(path: string): AuctionPage | null {
  const match = AUCTION_PAGE.exec(path);
  if (!match) return null;
  const [, french, frLink, frLot, enLink, enLot] = match;
  const link = french ? frLink : enLink;
  const lot = french ? frLot : enLot;
  if (!link) return null;
  let urlMagicLink: string;
  try {
    urlMagicLink = decodeURIComponent(link);
  } catch {
    return null;
  }
  const lotId = lot ? Number(lot) : null;
  if (lotId !== null && !(lotId > 0 && lotId < 2 ** 31)) return null;
  return { urlMagicLink, lotId, locale: french ? 'fr' : 'en' };
}

/** The data block's id, which web/src/api/firstData.ts reads. */
export const FIRST_DATA_ID = 'first-data';

/** A picture the first screen shows, for the screens `media` names (all when absent). */
export interface FirstPicture {
  src: string;
  media?: string;
}

/**
 * index.html with the answers in a `<script type="application/json">` block (data, never run, so
 * the strict script policy allows it), `<html lang>` set to the page's language, and preloads of
 * what the page needs first. `<` is escaped in the JSON, so no text of an answer can close the block
 * or open markup; a preload names only a plain path or a picture `pictureSrc` accepted.
 *
 * The pictures' preloads come first in the head: the server has drawn the first screen, so on a
 * phone's network its picture is worth more than the code that will replace it. The page's own
 * chunks are left for the start script, fetched once the picture is painted (startAfterFirstPaint.ts).
 */
export function pageWithFirstData(
  template: string,
  locale: 'en' | 'fr',
  data: { auction?: unknown; lot?: unknown; at: number },
  preload: { modules?: readonly string[]; pictures?: readonly FirstPicture[]; shell?: string } = {},
): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  const pictures = (preload.pictures ?? []).map(
    ({ src, media }) =>
      `<link rel="preload" as="image" fetchpriority="high" href="${src}"${media ? ` media="${media}"` : ''}>`,
  );
  const modules = (preload.modules ?? []).filter(isAssetPath).map(laterModule);
  const block = `<script type="application/json" id="${FIRST_DATA_ID}">${json}</script>`;
  return template
    .replace(/<html lang="[a-z]+"/, `<html lang="${locale}"`)
    .replace('<title>', `${pictures.join('')}<title>`)
    .replace('</head>', `${modules.join('')}${block}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${preload.shell ?? ''}</div>`);
}

/** A path on this site with nothing that could leave an attribute: what a preload may name. */
function isAssetPath(href: string): boolean {
  return /^\/[A-Za-z0-9._~/-]*$/.test(href);
}

/** The lot page's largest picture: its first photo in the lot's order (as its gallery shows it). */
export function firstPhotoOf(lot: unknown): string | undefined {
  const photos = (lot as { photos?: Array<{ order: number; fullPath_Large: string }> } | undefined)?.photos ?? [];
  return [...photos].sort((a, b) => a.order - b.order)[0]?.fullPath_Large;
}

/** The header's words from the web build's catalogs (web/scripts/preloadFirstScreen.ts). */
export interface ShellText {
  login: string;
  languageSwitch: string;
}

/** A picture's address the page may show: on this site or over https, nothing that ends the attribute. */
const pictureSrc = (src: string | undefined) =>
  src && /^(?:https:\/\/|\/)[^\s"'<>\\]*$/.test(src) ? escapeHtml(src) : undefined;

/**
 * The page's largest picture, as the app will show it: the banner of the page's language on a lot
 * list (the phone's and the computer's when they differ), or the lot's first photo on a lot page.
 * Only addresses `pictureSrc` accepts, already escaped for an attribute.
 */
export function firstPictures(page: AuctionPage, auction: unknown, lot: unknown): FirstPicture[] {
  if (!auction) return [];
  if (page.lotId !== null) {
    const photo = pictureSrc(firstPhotoOf(lot));
    return photo ? [{ src: photo }] : [];
  }
  const shown = auction as Parameters<typeof firstBannerPath>[0];
  const phone = pictureSrc(firstBannerPath(shown, page.locale, false));
  const computer = pictureSrc(firstBannerPath(shown, page.locale, true));
  if (!phone || !computer || phone === computer) {
    const only = phone ?? computer;
    return only ? [{ src: only }] : [];
  }
  return [
    { src: phone, media: `not all and ${MEDIUM_SCREEN}` },
    { src: computer, media: MEDIUM_SCREEN },
  ];
}

/**
 * What an auction page shows first, as plain HTML inside `#root` before any script has run: the
 * header band (the auction's title, the language and log-in buttons) and the page's largest
 * picture, the banner on a lot list (the computer's through `<picture>`) or the lot's first photo,
 * in the same elements and classes as the app's, so they stand where the app will draw them. On a
 * phone the first paint and the largest one no longer wait for the app's scripts; React replaces
 * it all with the real page (hidden from assistive technology meanwhile). Empty without an answer.
 */
export function firstScreenMarkup(page: AuctionPage, auction: unknown, lot: unknown, text: ShellText | undefined) {
  if (!auction || !text) return '';
  const shown = auction as Parameters<typeof firstBannerPath>[0] & Parameters<typeof auctionTitle>[0];
  const header =
    `<header class="site-header"><div class="site-header__inner">` +
    `<span class="site-header__title">${escapeHtml(auctionTitle(shown, page.locale) ?? '')}</span>` +
    `<div class="site-header__actions"><span class="language-chip">${escapeHtml(text.languageSwitch)}</span>` +
    `<span class="header-button">${escapeHtml(text.login)}</span></div></div>` +
    `<div class="auction-menu"></div></header>`;
  const [first, computer] = firstPictures(page, auction, lot);
  let picture = '';
  if (first && page.lotId === null) {
    const source = computer ? `<source media="${computer.media}" srcset="${computer.src}">` : '';
    picture = `<section class="auction-banner"><picture>${source}<img class="auction-banner__image" alt="" fetchpriority="high" decoding="sync" src="${first.src}"></picture></section>`;
  } else if (first) {
    picture =
      `<article class="lot-detail"><span class="back-link">&nbsp;</span><div class="lot-detail__top">` +
      `<div class="gallery"><img class="gallery__photo" alt="" fetchpriority="high" decoding="sync" src="${first.src}"></div></div></article>`;
  }
  return `<div class="first-screen" aria-hidden="true">${header}<main class="page"><div class="auction-page">${picture}</div></main></div>`;
}
