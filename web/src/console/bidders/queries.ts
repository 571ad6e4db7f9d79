import {
  type AnnouncementAnswer,
  type BidderListQuery,
  type BidderPage,
  bidderPage,
  type GuestMessageBody,
} from '@auction/contract';
import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { consoleKeys } from '../queries.ts';

/** The auction's bidders for its operators (docs/console.md "Bidders"). */
export const bidderKeys = {
  all: [...consoleKeys.all, 'bidders'] as const,
  /** Every page of the auction's list: what a lock or an unlock refreshes. */
  list: (auctionId: number) => [...bidderKeys.all, auctionId] as const,
  page: (auctionId: number, query: BidderListQuery) => [...bidderKeys.list(auctionId), query] as const,
};

export const bidderQueries = {
  /** One page, filtered and sorted by the server; the page shown stays while the next one loads. */
  page: (auctionId: number, query: BidderListQuery) =>
    queryOptions({
      queryKey: bidderKeys.page(auctionId, query),
      queryFn: ({ signal }) =>
        api<BidderPage>(`/api/admin/auctions/${auctionId}/bidders`, { query, signal, answer: bidderPage }),
      placeholderData: keepPreviousData,
      // Volunteers check guests in at the door meanwhile: arrivals show within half a minute.
      refetchInterval: 30_000,
    }),
};

export const bidderMutations = {
  /** Lock (Locked) or unlock (back to Invited: their next visit marks them Visited again). */
  status: (auctionId: number) =>
    mutationOptions({
      mutationKey: [...bidderKeys.all, 'status', auctionId],
      mutationFn: ({ userId, status }: { userId: string; status: 'Locked' | 'Invited' }) =>
        api<unknown>(`/api/auctions/${auctionId}/bidders/${userId}/status`, { method: 'PUT', body: { status } }),
    }),
  /** Administrators only (spec 000 §6): the password is emailed and answered once. */
  temporaryPassword: () =>
    mutationOptions({
      mutationKey: [...bidderKeys.all, 'temporary-password'],
      mutationFn: (userId: string) =>
        api<{ temporaryPassword: string }>('/api/account/temporary-password', { method: 'POST', body: { userId } }),
    }),
  /** A message to one guest, at once, by their switches (docs/messages.md "A message to one guest"). */
  message: (auctionId: number) =>
    mutationOptions({
      mutationKey: [...bidderKeys.all, 'message', auctionId],
      mutationFn: ({ userId, body }: { userId: string; body: GuestMessageBody }) =>
        api<AnnouncementAnswer>(`/api/admin/auctions/${auctionId}/bidders/${userId}/messages`, {
          method: 'POST',
          body,
        }),
    }),
};
