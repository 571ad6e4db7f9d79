import {
  infiniteQueryOptions,
  mutationOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { commandRetry } from '../lib/commandRetry.ts';
import { centsToDecimal } from '../lib/money.ts';
import { rememberReceipt } from '../receipts/receiptStore.ts';
import { nextPage, type PageParam } from './listPosition.ts';
import { showsOwnStanding } from './lotState.ts';
import type { BidAnswer, LotDetail, LotPage, Standing } from './types.ts';

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

/**
 * Every key of the lots feature, from the widest to the narrowest, so one call invalidates a whole
 * branch: `all` is what the hub refreshes on any lot event (lists, details and favourites alike).
 * Auctions are keyed by their link in lower case, as the routes accept any case.
 */
export const lotKeys = {
  all: ['lots'] as const,
  lists: () => [...lotKeys.all, 'list'] as const,
  list: (urlMagicLink: string, filters: LotFilters) =>
    [...lotKeys.lists(), urlMagicLink.toLowerCase(), filters] as const,
  details: () => [...lotKeys.all, 'detail'] as const,
  detail: (id: number) => [...lotKeys.details(), id] as const,
  favorites: () => [...lotKeys.all, 'favorites'] as const,
  favoritePage: (urlMagicLink: string, pageSize: number, currentPage: number) =>
    [...lotKeys.favorites(), urlMagicLink.toLowerCase(), pageSize, currentPage] as const,
};

export const lotQueries = {
  /**
   * The infinite lot list. `firstPage` is larger than one page only when a reload restores a longer
   * list (listPosition.ts); it matters only when the cache holds no pages for these filters yet.
   */
  list: (urlMagicLink: string, filters: LotFilters, firstPage: PageParam) =>
    infiniteQueryOptions({
      queryKey: lotKeys.list(urlMagicLink, filters),
      queryFn: ({ pageParam, signal }) =>
        api<LotPage>('/api/auction-lot-items', {
          query: lotTableQuery(urlMagicLink, filters, pageParam.page, pageParam.pageSize),
          signal,
        }),
      initialPageParam: firstPage,
      getNextPageParam: (last, _pages, lastParam) => nextPage(last, LOT_PAGE_SIZE, lastParam),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: lotKeys.detail(id),
      queryFn: ({ signal }) => api<LotDetail>(`/api/auction-lot-items/${id}`, { signal }),
      enabled: Number.isInteger(id) && id > 0,
    }),
  favoritePage: (urlMagicLink: string, pageSize: number, currentPage: number) =>
    queryOptions({
      queryKey: lotKeys.favoritePage(urlMagicLink, pageSize, currentPage),
      queryFn: ({ signal }) =>
        api<LotPage>('/api/favorites', { query: { urlMagicLink, currentPage, pageSize }, signal }),
    }),
};

/**
 * What a confirmed bid dialog sends (spec 001 §5). The command id is made when the dialog opens,
 * so a second click or a retry of the same confirmation is one bid for the API.
 */
export type BidRequest =
  | { kind: 'bid' | 'max'; cents: number; commandId: string }
  | { kind: 'editMax'; cents: number; commandId: string; userId: string | undefined }
  | { kind: 'buy'; cents: number; commandId: string; quantity: number };

export const lotMutations = {
  favorite: (urlMagicLink: string) =>
    mutationOptions({
      mutationKey: [...lotKeys.favorites(), 'toggle'],
      mutationFn: ({ lotId, favorite }: { lotId: number; favorite: boolean }) =>
        favorite
          ? api(`/api/favorites/${lotId}/${encodeURIComponent(urlMagicLink)}`, { method: 'POST' })
          : api(`/api/favorites/${lotId}`, { method: 'DELETE' }),
      // The star shows on cards, details and the favourites page alike.
      onSettled: (_data, _error, _variables, _result, { client }) =>
        client.invalidateQueries({ queryKey: lotKeys.all }),
    }),
  /**
   * Bid, place or change a maximum bid, or buy (spec 001 §5): one mutation, so one pending state;
   * an answer lost is asked again with the same command id (commandRetry).
   */
  submit: (lotId: number) =>
    mutationOptions({
      mutationKey: [...lotKeys.detail(lotId), 'bid'],
      ...commandRetry,
      mutationFn: (request: BidRequest) => {
        const value = centsToDecimal(request.cents);
        if (request.kind === 'buy') {
          return api<BidAnswer>(`/api/bids/auctionlotitem/${lotId}/buy`, {
            method: 'POST',
            body: { quantity: request.quantity, auctionLotItem_Id: lotId, commandId: request.commandId },
          });
        }
        if (request.kind === 'editMax') {
          return api<BidAnswer>('/api/bids/modify-max-bid', {
            method: 'PATCH',
            query: { amount: value, auctionLotItemId: lotId, userId: request.userId, commandId: request.commandId },
          });
        }
        return api<BidAnswer>(`/api/bids/auctionlotitem/${lotId}/bid`, {
          method: 'POST',
          body: {
            amount: value,
            isMax: request.kind === 'max',
            auctionLotItem_Id: lotId,
            commandId: request.commandId,
          },
        });
      },
      onSettled: (answer, _error, _variables, _result, { client }) => {
        // The bidder's copy of the proof, offered on the lot page (docs/audit.md).
        if (answer?.receipt) rememberReceipt(answer.receipt);
        return refreshLot(client, lotId, answer?.standing);
      },
    }),
  deleteMaxBid: (lotId: number) =>
    mutationOptions({
      mutationKey: [...lotKeys.detail(lotId), 'deleteMaxBid'],
      mutationFn: ({ userId, commandId }: { userId: string | undefined; commandId: string }) =>
        api<{ standing: Standing }>('/api/bids/delete-max-bid', {
          method: 'DELETE',
          query: { auctionLotItemId: lotId, userId, commandId },
        }),
      onSettled: (answer, _error, _variables, _result, { client }) => refreshLot(client, lotId, answer?.standing),
    }),
};

/** How long the lot is read again after the user's own command, until it shows the answer. */
export const CATCH_UP_DELAYS_MS = [250, 500, 1000, 2000] as const;

/**
 * After the user's own bid: the lot and the lists show the new standing before the hub's echo.
 * The lot is read again while it does not show the answer's standing yet: a maximum bid placed
 * while already leading changes nothing public, so no hub event would have it read again, and the
 * first read may come before the read model has it. In the background: the mutation is settled.
 */
function refreshLot(client: QueryClient, lotId: number, standing?: Standing) {
  const read = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: lotKeys.detail(lotId) }),
      client.invalidateQueries({ queryKey: lotKeys.lists() }),
    ]);
  const first = read();
  if (standing) {
    void first.then(async () => {
      for (const delay of CATCH_UP_DELAYS_MS) {
        const lot = client.getQueryData<LotDetail>(lotKeys.detail(lotId));
        if (!lot || showsOwnStanding(lot, standing)) return;
        await new Promise((resolve) => setTimeout(resolve, delay));
        await read();
      }
    });
  }
  return first;
}

export function useLotPages(urlMagicLink: string, filters: LotFilters, firstPage: PageParam) {
  return useInfiniteQuery(lotQueries.list(urlMagicLink, filters, firstPage));
}

export function useLotDetail(id: number) {
  return useQuery(lotQueries.detail(id));
}
