import { readSession, writeSession } from '../lib/storage.ts';
import type { LotFilters } from './queries.ts';

/**
 * Where the lot list was, so a full reload can come back to it (spec 001 §2 "returns to the saved
 * scroll position after refresh", §7 "refresh variant requests pageSize times currentPage as one
 * page"): how many pages of the infinite list were loaded and the window's scroll offset, kept per
 * tab in sessionStorage, per auction and filter state.
 */
export interface ListPosition {
  pages: number;
  scrollY: number;
}

/** The API's largest page (GET /api/auction-lot-items takes pageSize up to 200). */
export const MAX_PAGE_SIZE = 200;

/**
 * One page of the list as the infinite query asks for it: the restored pages are larger, and
 * carry how many ordinary pages the restore is bringing back (`restoring`) while it lasts.
 */
export interface PageParam {
  page: number;
  pageSize: number;
  restoring?: number;
}

export function listPositionKey(urlMagicLink: string, filters: LotFilters): string {
  const state = {
    search: filters.search.trim(),
    forceSearch: filters.forceSearch,
    categoryId: filters.categoryId,
    closingGroupIds: [...filters.closingGroupIds].sort((a, b) => a - b),
    teamIds: [...filters.teamIds].sort((a, b) => a - b),
  };
  return `lotListPosition:${urlMagicLink.toLowerCase()}:${JSON.stringify(state)}`;
}

export function readListPosition(key: string): ListPosition | undefined {
  try {
    const value = JSON.parse(readSession(key) ?? 'null') as Partial<ListPosition> | null;
    if (!value || !Number.isInteger(value.pages) || typeof value.scrollY !== 'number') return undefined;
    if ((value.pages as number) < 1 || value.scrollY < 0 || !Number.isFinite(value.scrollY)) return undefined;
    return { pages: value.pages as number, scrollY: value.scrollY };
  } catch {
    return undefined;
  }
}

export function writeListPosition(key: string, position: ListPosition): void {
  writeSession(key, JSON.stringify({ pages: position.pages, scrollY: Math.round(position.scrollY) }));
}

/**
 * The first page after a reload: pageSize × pages as one page, within the API's largest page. A
 * longer list (a gala of 300 lots scrolled to its end) comes back in pages of that largest size
 * (nextPage), so it takes a request per 198 lots rather than one per 6.
 */
export function restoredFirstPage(pages: number, pageSize: number): PageParam {
  const most = Math.max(1, Math.floor(MAX_PAGE_SIZE / pageSize));
  const wanted = Math.max(1, pages);
  if (wanted <= most) return { page: 1, pageSize: pageSize * wanted };
  return { page: 1, pageSize: pageSize * most, restoring: wanted };
}

/**
 * The page after the last one loaded: while a restore has not brought back its pages, the next
 * large page; then ordinary pages (after a restored page of 3 × 6 lots the next is page 4 of 6).
 * Undefined at the end of the list.
 */
export function nextPage(
  last: { currentPage: number; pageSize: number; count: number },
  pageSize: number,
  lastParam?: PageParam,
): PageParam | undefined {
  const loaded = last.currentPage * last.pageSize;
  if (loaded >= last.count) return undefined;
  const restoring = lastParam?.restoring;
  if (restoring !== undefined && loaded < restoring * pageSize) {
    return { page: last.currentPage + 1, pageSize: last.pageSize, restoring };
  }
  return { page: Math.floor(loaded / pageSize) + 1, pageSize };
}

/** How many ordinary pages the list holds, from its last page. */
export function pagesLoaded(last: { currentPage: number; pageSize: number }, pageSize: number): number {
  return Math.max(1, Math.ceil((last.currentPage * last.pageSize) / pageSize));
}

let claimedKey: string | undefined;

/**
 * Whether the list under this key may restore its saved position: only the first list this
 * document shows (asking again for the same key gives the same answer, as a double render does),
 * and only when the document itself was reloaded or came back from history without the page cache.
 * A list reached by navigating inside the app starts at the top or gets the router's restoration.
 */
export function claimRestore(key: string): boolean {
  claimedKey ??= key;
  if (claimedKey !== key) return false;
  const entry = globalThis.performance?.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.type === 'reload' || entry?.type === 'back_forward';
}

/** For tests: as if the document had just loaded. */
export function forgetClaim(): void {
  claimedKey = undefined;
}
