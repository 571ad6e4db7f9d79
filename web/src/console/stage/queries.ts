import type { GuestList, LiveLot, LiveSaleAnswer, LiveSaleCorrectionBody } from '@auction/contract';
import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { consoleKeys } from '../queries.ts';

/** Live lots sold on stage (docs/console.md "Stage"). */
export const stageKeys = {
  all: [...consoleKeys.all, 'stage'] as const,
  liveLots: (auctionId: number) => [...stageKeys.all, 'live-lots', auctionId] as const,
  bidders: (auctionId: number, q: string) => [...stageKeys.all, 'bidders', auctionId, q] as const,
};

/** The guest search answers from 2 characters, or a bidder number alone (the API refuses one letter). */
export const BIDDER_SEARCH_MIN_LENGTH = 2;
export const searchable = (q: string) => q.trim().length >= BIDDER_SEARCH_MIN_LENGTH || /^\d$/.test(q.trim());

export const stageQueries = {
  liveLots: (auctionId: number) =>
    queryOptions({
      queryKey: stageKeys.liveLots(auctionId),
      queryFn: ({ signal }) => api<LiveLot[]>(`/api/admin/auctions/${auctionId}/live-lots`, { signal }),
    }),
  /** The auction's bidders by name, email or phone: the winner is one of them. */
  bidders: (auctionId: number, q: string) =>
    queryOptions({
      queryKey: stageKeys.bidders(auctionId, q),
      queryFn: ({ signal }) => api<GuestList>(`/api/check-in/auctions/${auctionId}/guests`, { query: { q }, signal }),
      enabled: searchable(q),
      placeholderData: keepPreviousData,
    }),
};

export const stageMutations = {
  /** One command id per confirmation dialog: a retried request records the sale once. */
  sell: (lotId: number) =>
    mutationOptions({
      mutationKey: [...stageKeys.all, 'sell', lotId],
      mutationFn: (sale: { bidderId: string; amount: string; commandId: string }) =>
        api<LiveSaleAnswer>(`/api/admin/lots/${lotId}/live-sale`, { method: 'POST', body: sale }),
    }),
  /**
   * A recorded sale corrected to the winner and hammer price the auctioneer really called, with
   * why; one command id per confirmation, as for the sale.
   */
  correct: (lotId: number) =>
    mutationOptions({
      mutationKey: [...stageKeys.all, 'correct', lotId],
      mutationFn: (correction: LiveSaleCorrectionBody) =>
        api<LiveSaleAnswer>(`/api/admin/lots/${lotId}/live-sale/correction`, { method: 'POST', body: correction }),
    }),
};
