import { emptyFilters, type LotFilters } from './queries.ts';

/**
 * The lot list's filters in the page's address (`?search=vin&groups=1,2&teams=3`), so that the
 * back button from a lot, a reload or a link someone shares come back to the list as it was, and
 * its saved position with it (listPosition.ts keys it by these filters). The category is the
 * path's own. The names are the same in both languages: only the path is translated.
 */
export const FILTER_PARAMS = {
  search: 'search',
  forceSearch: 'enter',
  closingGroupIds: 'groups',
  teamIds: 'teams',
} as const;

/** Longer than anyone types in a search box; a longer value in an address is not a search. */
const MAX_SEARCH = 200;

const ids = (value: string | undefined): number[] =>
  (value ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0)
    .filter((id, index, all) => all.indexOf(id) === index);

/** The filters an address asks for; what is not a filter (or not a valid one) is left out. */
export function filtersFromSearch(search: Record<string, string | undefined>, categoryId: number | null): LotFilters {
  const text = (search[FILTER_PARAMS.search] ?? '').slice(0, MAX_SEARCH);
  return {
    ...emptyFilters,
    categoryId,
    search: text,
    forceSearch: text !== '' && search[FILTER_PARAMS.forceSearch] === '1',
    closingGroupIds: ids(search[FILTER_PARAMS.closingGroupIds]),
    teamIds: ids(search[FILTER_PARAMS.teamIds]),
  };
}

/** The address's query for these filters (an empty filter writes nothing); other parameters are kept. */
export function searchWithFilters(
  search: Record<string, string | undefined>,
  filters: LotFilters,
): Record<string, string | undefined> {
  return {
    ...search,
    [FILTER_PARAMS.search]: filters.search || undefined,
    [FILTER_PARAMS.forceSearch]: filters.search && filters.forceSearch ? '1' : undefined,
    [FILTER_PARAMS.closingGroupIds]: filters.closingGroupIds.join(',') || undefined,
    [FILTER_PARAMS.teamIds]: filters.teamIds.join(',') || undefined,
  };
}
