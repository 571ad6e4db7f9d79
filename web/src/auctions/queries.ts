import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import type { Locale } from '../i18n/routes.ts';
import type { Auction, AuctionSummary, ExchangeRate, OrganizationTeam } from './types.ts';

export function auctionsQueryOptions(locale: Locale) {
  return queryOptions({
    // The locale is part of the key because the request's Accept-Language may change the answer.
    queryKey: ['auctions', locale],
    queryFn: ({ signal }) => api<AuctionSummary[]>('/api/auctions', { signal }),
  });
}

export const auctionKey = (urlMagicLink: string) => ['auction', urlMagicLink.toLowerCase()] as const;

export function auctionQueryOptions(urlMagicLink: string) {
  return queryOptions({
    queryKey: auctionKey(urlMagicLink),
    queryFn: ({ signal }) => api<Auction>('/api/auctions/url-magic-link', { query: { urlMagicLink }, signal }),
  });
}

export function useAuction(urlMagicLink: string | undefined) {
  return useQuery({ ...auctionQueryOptions(urlMagicLink ?? ''), enabled: Boolean(urlMagicLink) });
}

export function useTeams(urlMagicLink: string, enabled: boolean) {
  return useQuery({
    queryKey: ['teams', urlMagicLink.toLowerCase()],
    queryFn: ({ signal }) =>
      api<OrganizationTeam[]>('/api/auctions/organization-teams/url-magic-link', { query: { urlMagicLink }, signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useExchangeRates(enabled: boolean) {
  return useQuery({
    queryKey: ['currency-exchange-rates'],
    queryFn: ({ signal }) => api<ExchangeRate[]>('/api/currency-exchange-rates', { signal }),
    enabled,
    staleTime: 60 * 60_000,
  });
}

export function useProfitStats() {
  return useQuery({
    queryKey: ['home-page-auctions-stats'],
    queryFn: ({ signal }) =>
      api<Array<{ auctionId: number; profit: { value: number; currencyCode: string } }>>(
        '/api/auctions/home-page-auctions-stats',
        { signal },
      ),
  });
}
