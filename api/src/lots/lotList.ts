import { LotStatus } from '@auction/contract';
import type { LotTableQuery } from './lotTableQuery.ts';

/** What filtering and ordering a lot list needs of each lot. */
export interface ListedLot {
  id: number;
  lotNumber: number;
  status: number;
  isHidden: boolean;
  isFavorite: boolean;
  isWinning: boolean;
  allowsTimeExtension: boolean;
  endsAt: number | null;
  price: number | null;
  categoryIds: number[];
  teamId: number | null;
  closingGroupId: number | null;
  /** Names in every language, folded (no case, no accents). */
  searchText: string;
}

export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Spec 001 §4 "Sorting of lots", read as keys from most to least significant. Completed auctions:
 * favourites, then lot number. Others: closed-before-auction first, time-extension-allowed last,
 * no completion date last, completion date ascending, closing soon first, favourites first, lot number.
 */
export function defaultOrder(auctionCompleted: boolean) {
  const keys: Array<(lot: ListedLot) => number> = auctionCompleted
    ? [(l) => (l.isFavorite ? 0 : 1), (l) => l.lotNumber]
    : [
        (l) => (l.status === LotStatus.ClosedBeforeAuction ? 0 : 1),
        (l) => (l.allowsTimeExtension ? 1 : 0),
        (l) => (l.endsAt === null ? 1 : 0),
        (l) => l.endsAt ?? 0,
        (l) => (l.status === LotStatus.ClosingSoon ? 0 : 1),
        (l) => (l.isFavorite ? 0 : 1),
        (l) => l.lotNumber,
      ];
  return (a: ListedLot, b: ListedLot) => {
    for (const key of keys) {
      const d = key(a) - key(b);
      if (d !== 0) return d;
    }
    return a.id - b.id;
  };
}

/**
 * The sort keys by lower-cased column name. A Map, not an object: the column is the caller's, and
 * an object would also answer for inherited names (`__proto__`, `constructor`).
 */
const SORTABLE = new Map<string, (lot: ListedLot) => number>([
  ['id', (l) => l.id],
  ['lotnumber', (l) => l.lotNumber],
  ['price', (l) => l.price ?? -1],
  ['lastbid', (l) => l.price ?? -1],
  ['datecompleted', (l) => l.endsAt ?? Number.MAX_SAFE_INTEGER],
  ['datecompletedutc', (l) => l.endsAt ?? Number.MAX_SAFE_INTEGER],
  ['status', (l) => l.status],
]);

function matchesFilter(lot: ListedLot, filter: LotTableQuery['filters'][number]): boolean {
  const values = filter.fieldValue.split(',').map((v) => v.trim());
  const numbers = values.map(Number);
  const one = numbers[0] ?? Number.NaN;
  const field = filter.fieldName.toLowerCase();
  const pick = (actual: number | null | number[]) => {
    const list = Array.isArray(actual) ? actual : actual === null ? [] : [actual];
    switch (filter.operator) {
      case 'neq':
        return !list.includes(one);
      case 'gte':
        return list.some((v) => v >= one);
      case 'lte':
        return list.some((v) => v <= one);
      default:
        return list.some((v) => numbers.includes(v));
    }
  };
  if (field === 'itemcategoryid' || field === 'categoryid') return pick(lot.categoryIds);
  if (field === 'organizationteamid' || field === 'teamid') return pick(lot.teamId);
  if (field === 'auctionclosinggroupid' || field === 'closinggroupid') return pick(lot.closingGroupId);
  if (field === 'lotnumber') return pick(lot.lotNumber);
  if (field === 'price' || field === 'lastbid') return pick(lot.price === null ? null : lot.price / 100);
  if (field === 'name') return lot.searchText.includes(fold(filter.fieldValue));
  if (field === 'isfavorite') return lot.isFavorite === (filter.fieldValue === 'true');
  return true;
}

/**
 * Filters, orders and pages an auction's lots (spec 001 §4, §5, §7). Hidden lots are never listed.
 * The header search: under 2 characters it does not filter unless forced; a number also matches
 * the lot number, a word never does.
 */
export function listLots(lots: ListedLot[], query: LotTableQuery, auctionCompleted: boolean) {
  let rows = lots.filter((lot) => !lot.isHidden);
  const term = query.search?.trim() ?? '';
  if (term.length >= 2 || (term.length > 0 && query.forceSearch === 'true')) {
    const folded = fold(term);
    const numeric = /^\d+$/.test(term) ? Number(term) : null;
    rows = rows.filter((lot) => lot.searchText.includes(folded) || lot.lotNumber === numeric);
  }
  const [andFilters, orFilters] = [query.filters.filter((f) => !f.useOr), query.filters.filter((f) => f.useOr)];
  rows = rows.filter(
    (lot) =>
      andFilters.every((f) => matchesFilter(lot, f)) &&
      (orFilters.length === 0 || orFilters.some((f) => matchesFilter(lot, f))),
  );
  for (const quick of (query.quickFilters ?? '').split(',').map((q) => q.trim().toLowerCase())) {
    if (quick === 'favorites') rows = rows.filter((l) => l.isFavorite);
    if (quick === 'winning') rows = rows.filter((l) => l.isWinning);
    if (quick === 'open')
      rows = rows.filter((l) => l.status === LotStatus.InProgress || l.status === LotStatus.ClosingSoon);
    if (quick === 'closed')
      rows = rows.filter((l) => l.status !== LotStatus.InProgress && l.status !== LotStatus.ClosingSoon);
  }
  // An unknown column is ignored, as the table of spec 001 §7 sends only the ones it shows.
  const sorts = query.sorts.flatMap((s) => {
    const key = SORTABLE.get(s.column.toLowerCase());
    return key ? [{ key, asc: s.asc }] : [];
  });
  const order = sorts.length
    ? (a: ListedLot, b: ListedLot) => {
        for (const { key, asc } of sorts) {
          const d = key(a) - key(b);
          if (d !== 0) return asc ? d : -d;
        }
        return a.id - b.id;
      }
    : defaultOrder(auctionCompleted);
  rows = [...rows].sort(order);
  const count = rows.length;
  const lastPage = Math.max(1, Math.ceil(count / query.pageSize));
  // Spec 001 §5: back to page 1 when the current page is past the last one.
  const currentPage = query.currentPage > lastPage ? 1 : query.currentPage;
  const start = (currentPage - 1) * query.pageSize;
  return {
    count,
    currentPage,
    pageSize: query.pageSize,
    ids: rows.slice(start, start + query.pageSize).map((l) => l.id),
  };
}
