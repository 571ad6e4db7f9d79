import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import type { Locale } from '../i18n/routes.ts';
import type { Brand } from './types.ts';

export const brandKeys = {
  all: ['brand'] as const,
  current: () => [...brandKeys.all, 'current'] as const,
};

export const brandQueries = {
  /** GET /api/brand: the brand of the host this page came from (spec 000 §1); it does not change while the page lives. */
  current: () =>
    queryOptions({
      queryKey: brandKeys.current(),
      queryFn: ({ signal }) => api<Brand>('/api/brand', { signal }),
      staleTime: Number.POSITIVE_INFINITY,
      retry: 1,
    }),
};

/**
 * Brand 1's product names, shown until the brand is known (and if it cannot be asked): the same
 * names as the API's brand 1, so a brand 1 page never changes its title once loaded.
 */
export const DEFAULT_PRODUCT_NAME: Record<Locale, string> = { en: 'Charity Auctions', fr: 'Encans caritatifs' };

export function useBrand(): Brand | undefined {
  return useQuery(brandQueries.current()).data;
}

/** The product's name in the page's language, for titles, the header and the powered-by line. */
export function useProductName(locale: Locale): string {
  return useBrand()?.productName[locale] ?? DEFAULT_PRODUCT_NAME[locale];
}
