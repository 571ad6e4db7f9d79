import type { ArrivalAnswer, CheckInAuction, GuestList, WalkInAnswer } from '@auction/contract';
import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { consoleKeys } from '../queries.ts';

/** The door's check-in (docs/console.md "Check-in"): auctions, guests, arrivals and walk-ins. */
export const checkInKeys = {
  all: [...consoleKeys.all, 'check-in'] as const,
  auctions: () => [...checkInKeys.all, 'auctions'] as const,
  guests: (auctionId: number) => [...checkInKeys.all, 'guests', auctionId] as const,
  search: (auctionId: number, q: string) => [...checkInKeys.guests(auctionId), q] as const,
};

/** The search starts at 2 characters (the API refuses one); nothing typed lists every guest. */
export const GUEST_SEARCH_MIN_LENGTH = 2;

export const checkInQueries = {
  auctions: () =>
    queryOptions({
      queryKey: checkInKeys.auctions(),
      queryFn: ({ signal }) => api<CheckInAuction[]>('/api/check-in/auctions', { signal }),
    }),
  guests: (auctionId: number, q: string) =>
    queryOptions({
      queryKey: checkInKeys.search(auctionId, q),
      queryFn: ({ signal }) => api<GuestList>(`/api/check-in/auctions/${auctionId}/guests`, { query: { q }, signal }),
      enabled: q.length === 0 || q.length >= GUEST_SEARCH_MIN_LENGTH,
      placeholderData: keepPreviousData,
    }),
};

export interface WalkInForm {
  firstName: string;
  lastName: string;
  email?: string | undefined;
  phoneNumber?: string | undefined;
  language: 'en' | 'fr';
  commandId: string;
}

export const checkInMutations = {
  /** Idempotent on the API's side: a second tap keeps the first arrival. */
  arrival: (auctionId: number) =>
    mutationOptions({
      mutationKey: [...checkInKeys.all, 'arrival', auctionId],
      mutationFn: (userId: string) =>
        api<ArrivalAnswer>(`/api/check-in/auctions/${auctionId}/guests/${userId}/arrival`, {
          method: 'POST',
          body: {},
        }),
    }),
  walkIn: (auctionId: number) =>
    mutationOptions({
      mutationKey: [...checkInKeys.all, 'walk-in', auctionId],
      mutationFn: (form: WalkInForm) =>
        api<WalkInAnswer>(`/api/check-in/auctions/${auctionId}/walk-ins`, { method: 'POST', body: form }),
    }),
};
