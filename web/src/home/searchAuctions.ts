import { auctionTitle } from '../auctions/display.ts';
import type { AuctionSummary } from '../auctions/types.ts';
import type { Locale } from '../i18n/routes.ts';

/** Lower case without accents, and typographic apostrophes as plain ones, so "ecole" finds "École". */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mark}/gu, '')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .toLowerCase();
}

/**
 * Every word of the query must appear in the auction's title (as shown in this language) or its
 * organisation's name, so "gala montreal" narrows rather than widens.
 */
export function searchAuctions(auctions: readonly AuctionSummary[], query: string, locale: Locale): AuctionSummary[] {
  const terms = normalizeForSearch(query).split(/\s+/).filter(Boolean);
  if (terms.length === 0) return [...auctions];
  return auctions.filter((auction) => {
    const haystack = normalizeForSearch(`${auctionTitle(auction, locale) ?? ''}\n${auction.organizationName}`);
    return terms.every((term) => haystack.includes(term));
  });
}
