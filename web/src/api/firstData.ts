import type { QueryClient } from '@tanstack/react-query';
import { firstBannerPath } from '../auctions/display.ts';
import { auctionQueries } from '../auctions/queries.ts';
import type { Auction } from '../auctions/types.ts';
import { matchPath } from '../i18n/routes.ts';
import { MEDIUM_SCREEN } from '../lib/useMediaQuery.ts';
import { lotQueries } from '../lots/queries.ts';
import type { LotDetail } from '../lots/types.ts';
import { tokens } from './client.ts';

/** The screens whose first paint waits on an auction call, then on a picture it names. */
const LOT_LIST_SCREENS = new Set(['auctionHome', 'lotList', 'lotListByCategory']);

/**
 * Starts what a first visit to an auction's lot list or lot page needs while React is still
 * starting: the auction (and lot) calls, the route's code, and, once the answer names it, the
 * picture that is the page's largest paint (the banner, the lot's photo). Without this they come
 * one after the other: entry → route chunk → render → call → render → picture. The queries are the
 * screens' own (same keys), so the screens find them in the cache or in flight. The lot list itself
 * is left to its screen, which decides after a reload how many pages to ask for at once
 * (useRestoredLotPages.ts).
 */
export function startFirstData(queryClient: QueryClient, pathname: string): void {
  const match = matchPath(pathname);
  if (!match) return;
  seedFromPage(queryClient, match);
  if (match.name === 'lotDetail') {
    void import('../lots/LotDetailPage.tsx');
    void queryClient.prefetchQuery(auctionQueries.detail(match.params.urlMagicLink));
    const id = Number(match.params.auctionLotItemId);
    void queryClient.fetchQuery(lotQueries.detail(id)).then((lot) => {
      const photo = [...lot.photos].sort((a, b) => a.order - b.order)[0];
      if (photo) preloadPicture(photo.fullPath_Large);
    }, ignore);
  } else if (LOT_LIST_SCREENS.has(match.name)) {
    void import('../lots/LotListPage.tsx');
    if (!('urlMagicLink' in match.params)) return;
    const desktop = window.matchMedia(MEDIUM_SCREEN).matches;
    void queryClient.fetchQuery(auctionQueries.detail(match.params.urlMagicLink)).then((auction) => {
      const banner = firstBannerPath(auction, match.locale, desktop);
      if (banner) preloadPicture(banner);
    }, ignore);
  }
}

/**
 * The answers the server wrote into an auction page (api/src/webApp/firstScreen.ts), as of when it
 * wrote them: the screens start from them instead of asking. They are an anonymous caller's, so a
 * signed-in user's app (an access token in storage) leaves them and asks for its own.
 */
function seedFromPage(queryClient: QueryClient, match: NonNullable<ReturnType<typeof matchPath>>): void {
  const block = document.getElementById('first-data');
  if (!block) return;
  // Read once, then gone: the page keeps no copy of the answers' text (a lot's description among them).
  block.remove();
  if (tokens.access()) return;
  let data: { auction?: Auction; lot?: LotDetail; at: number };
  try {
    data = JSON.parse(block.textContent ?? '');
  } catch {
    return;
  }
  const updatedAt = Math.min(data.at, Date.now());
  if ('urlMagicLink' in match.params && data.auction) {
    queryClient.setQueryData(auctionQueries.detail(match.params.urlMagicLink).queryKey, data.auction, { updatedAt });
  }
  if (match.name === 'lotDetail' && data.lot) {
    queryClient.setQueryData(lotQueries.detail(Number(match.params.auctionLotItemId)).queryKey, data.lot, {
      updatedAt,
    });
  }
}

/** A failed call is the screen's to show, when it asks again. */
function ignore(): void {}

function preloadPicture(href: string): void {
  const link = document.createElement('link');
  for (const [name, value] of Object.entries({ rel: 'preload', as: 'image', href, fetchpriority: 'high' }))
    link.setAttribute(name, value);
  document.head.append(link);
}
