import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../api/client.ts';
import type { Locale } from '../i18n/routes.ts';
import type { AuctionSummary } from './types.ts';

export function auctionsQueryOptions(locale: Locale) {
  return queryOptions({
    // The locale is part of the key because the request's Accept-Language may change the answer.
    queryKey: ['auctions', locale],
    queryFn: ({ signal }) => apiGet<AuctionSummary[]>('/api/auctions', { locale, signal }),
  });
}
