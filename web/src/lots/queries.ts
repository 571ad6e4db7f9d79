import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { showError } from '../lib/errors.ts';
import { nextPage, type PageParam } from './listPosition.ts';
import type { LotDetail, LotPage } from './types.ts';

/** Spec 001 §9: the lot list's page size in the auction list state. */
export const LOT_PAGE_SIZE = 6;

export interface LotFilters {
  search: string;
  forceSearch: boolean;
  categoryId: number | null;
  closingGroupIds: number[];
  teamIds: number[];
}

export const emptyFilters: LotFilters = {
  search: '',
  forceSearch: false,
  categoryId: null,
  closingGroupIds: [],
  teamIds: [],
};

/** The table query of spec 001 §7 as the flat querystring GET /api/auction-lot-items reads. */
export function lotTableQuery(
  urlMagicLink: string,
  filters: LotFilters,
  currentPage: number,
  pageSize = LOT_PAGE_SIZE,
) {
  const query: Record<string, string | number> = { urlMagicLink, currentPage, pageSize };
  const search = filters.search.trim();
  if (search) query.search = search;
  if (filters.forceSearch) query.forceSearch = 'true';
  const conditions: Array<[string, 'eq' | 'in', string]> = [];
  if (filters.categoryId !== null) conditions.push(['ItemCategoryId', 'eq', String(filters.categoryId)]);
  if (filters.closingGroupIds.length)
    conditions.push(['AuctionClosingGroupId', 'in', filters.closingGroupIds.join(',')]);
  if (filters.teamIds.length) conditions.push(['OrganizationTeamId', 'in', filters.teamIds.join(',')]);
  conditions.forEach(([fieldName, operator, fieldValue], index) => {
    query[`filters[${index}].fieldName`] = fieldName;
    query[`filters[${index}].operator`] = operator;
    query[`filters[${index}].fieldValue`] = fieldValue;
  });
  return query;
}

/** The active filters the drawer button's badge counts (the category comes from the route). */
export function activeFilterCount(filters: LotFilters): number {
  return (
    (filters.search.trim().length >= 2 || (filters.forceSearch && filters.search.trim()) ? 1 : 0) +
    (filters.categoryId !== null ? 1 : 0) +
    filters.closingGroupIds.length +
    filters.teamIds.length
  );
}

export const lotPagesKey = (urlMagicLink: string, filters: LotFilters) =>
  ['lots', urlMagicLink.toLowerCase(), filters] as const;

/**
 * The infinite lot list. `firstPage` is larger than one page only when a reload restores a longer
 * list (listPosition.ts); it matters only when the cache holds no pages for these filters yet.
 */
export function useLotPages(urlMagicLink: string, filters: LotFilters, firstPage: PageParam) {
  return useInfiniteQuery({
    queryKey: lotPagesKey(urlMagicLink, filters),
    queryFn: ({ pageParam, signal }) =>
      api<LotPage>('/api/auction-lot-items', {
        query: lotTableQuery(urlMagicLink, filters, pageParam.page, pageParam.pageSize),
        signal,
      }),
    initialPageParam: firstPage,
    getNextPageParam: (last) => nextPage(last, LOT_PAGE_SIZE),
  });
}

export const lotKey = (id: number) => ['lot', id] as const;

export function useLotDetail(id: number) {
  return useQuery({
    queryKey: lotKey(id),
    queryFn: ({ signal }) => api<LotDetail>(`/api/auction-lot-items/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useFavoriteToggle(urlMagicLink: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lotId, favorite }: { lotId: number; favorite: boolean }) =>
      favorite
        ? api(`/api/favorites/${lotId}/${encodeURIComponent(urlMagicLink)}`, { method: 'POST' })
        : api(`/api/favorites/${lotId}`, { method: 'DELETE' }),
    onError: showError,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['lots'] }),
        queryClient.invalidateQueries({ queryKey: ['lot'] }),
        queryClient.invalidateQueries({ queryKey: ['favorites'] }),
      ]),
  });
}
