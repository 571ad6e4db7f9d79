import { BidderStatus, type PublishedAnnouncement } from '@auction/contract';
import { matchQuery, mutationOptions, type Query, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../api/client.ts';
import type { Locale } from '../i18n/routes.ts';
import type { CarouselAuction } from './carousel.ts';
import type { Auction, AuctionSummary, ExchangeRate, OrganizationTeam } from './types.ts';

/**
 * Every key of the auctions feature. Auctions are keyed by their link in lower case (the routes
 * accept any case); answers that depend on the request's language carry the locale.
 */
export const auctionKeys = {
  all: ['auctions'] as const,
  list: (locale: Locale) => [...auctionKeys.all, 'list', locale] as const,
  profitStats: () => [...auctionKeys.all, 'profit-stats'] as const,
  details: () => [...auctionKeys.all, 'detail'] as const,
  detail: (urlMagicLink: string) => [...auctionKeys.details(), urlMagicLink.toLowerCase()] as const,
  /** Under the auction's detail, so the hub's auction events (an announcement among them) refresh it. */
  announcements: (urlMagicLink: string) => [...auctionKeys.detail(urlMagicLink), 'announcements'] as const,
  teams: (urlMagicLink: string) => [...auctionKeys.all, 'teams', urlMagicLink.toLowerCase()] as const,
  /** Refreshed by the hub's lot close and end-date events (useAuctionLive). */
  carousels: () => [...auctionKeys.all, 'carousel'] as const,
  carousel: (auctionId: number, locale: string) => [...auctionKeys.carousels(), auctionId, locale] as const,
  bidderStatus: (urlMagicLink: string, userId: string | undefined) =>
    [...auctionKeys.all, 'bidder-status', urlMagicLink.toLowerCase(), userId] as const,
  admissions: () => [...auctionKeys.all, 'admission'] as const,
  admission: (urlMagicLink: string, code: string) =>
    [...auctionKeys.admissions(), urlMagicLink.toLowerCase(), code] as const,
  exchangeRates: () => [...auctionKeys.all, 'exchange-rates'] as const,
};

export const auctionQueries = {
  // The locale is part of the key because the request's Accept-Language may change the answer.
  list: (locale: Locale) =>
    queryOptions({
      queryKey: auctionKeys.list(locale),
      queryFn: ({ signal }) => api<AuctionSummary[]>('/api/auctions', { signal }),
    }),
  profitStats: () =>
    queryOptions({
      queryKey: auctionKeys.profitStats(),
      queryFn: ({ signal }) =>
        api<Array<{ auctionId: number; profit: { value: number; currencyCode: string } }>>(
          '/api/auctions/home-page-auctions-stats',
          { signal },
        ),
    }),
  detail: (urlMagicLink: string) =>
    queryOptions({
      queryKey: auctionKeys.detail(urlMagicLink),
      queryFn: ({ signal }) => api<Auction>('/api/auctions/url-magic-link', { query: { urlMagicLink }, signal }),
    }),
  announcements: (urlMagicLink: string) =>
    queryOptions({
      queryKey: auctionKeys.announcements(urlMagicLink),
      queryFn: ({ signal }) =>
        api<PublishedAnnouncement[]>('/api/auctions/announcements', { query: { urlMagicLink }, signal }),
      staleTime: 60_000,
    }),
  teams: (urlMagicLink: string) =>
    queryOptions({
      queryKey: auctionKeys.teams(urlMagicLink),
      queryFn: ({ signal }) =>
        api<OrganizationTeam[]>('/api/auctions/organization-teams/url-magic-link', { query: { urlMagicLink }, signal }),
      staleTime: 5 * 60_000,
    }),
  /** A failed load is the carousel's failure state (nothing shown), so it is not retried. */
  carousel: (auctionId: number, locale: string) =>
    queryOptions({
      queryKey: auctionKeys.carousel(auctionId, locale),
      queryFn: ({ signal }) => api<CarouselAuction[]>(`/api/auctions/carousel/${auctionId}`, { signal }),
      retry: false,
    }),
  /**
   * Spec 001 §4: a logged-in user viewing an auction is marked Visited; the answer (or 403
   * bidder_locked) also tells whether they are locked out of it.
   */
  bidderStatus: (urlMagicLink: string, userId: string | undefined) =>
    queryOptions({
      queryKey: auctionKeys.bidderStatus(urlMagicLink, userId),
      queryFn: async () => {
        try {
          const answer = await api<{ auctionBidderStatus?: number; bidderHasAcceptedCreditCardFees?: boolean | null }>(
            `/api/auctions/set-auction-status/${encodeURIComponent(urlMagicLink)}/${BidderStatus.Visited}`,
            { method: 'POST' },
          );
          // The card fee decision (spec 000 §2 profile toggle): null until the bidder decides.
          return {
            locked: answer.auctionBidderStatus === BidderStatus.Locked,
            acceptedFees: answer.bidderHasAcceptedCreditCardFees ?? null,
          };
        } catch (error) {
          if (error instanceof ApiError && error.message === 'bidder_locked')
            return { locked: true, acceptedFees: null };
          throw error;
        }
      },
      staleTime: 5 * 60_000,
      retry: false,
    }),
  /**
   * A private auction's access code (docs/security.md) admits the signed-in user once; then every
   * other read is asked again, as the auction and its lots now answer.
   */
  admission: (urlMagicLink: string, code: string) =>
    queryOptions({
      queryKey: auctionKeys.admission(urlMagicLink, code),
      queryFn: async ({ client }) => {
        await api(`/api/auctions/${encodeURIComponent(urlMagicLink)}/access-code`, { method: 'POST', body: { code } });
        await client.invalidateQueries({ predicate: (query) => !isAdmission(query) });
        return true;
      },
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  exchangeRates: () =>
    queryOptions({
      queryKey: auctionKeys.exchangeRates(),
      queryFn: ({ signal }) => api<ExchangeRate[]>('/api/currency-exchange-rates', { signal }),
      staleTime: 60 * 60_000,
    }),
};

function isAdmission(query: Query): boolean {
  return matchQuery({ queryKey: auctionKeys.admissions() }, query);
}

export const auctionMutations = {
  /**
   * The SMS invitation (spec 000 §4 Invite), from the invite page and the console's bidders list.
   * Spec 000 §5: the answer is text, and one containing STOP means the number opted out of texts
   * and nothing was sent: read here once, answered as `optedOut`.
   */
  invite: (auctionId: number) =>
    mutationOptions({
      mutationKey: [...auctionKeys.all, 'invite', auctionId],
      mutationFn: async (form: { phoneNumber: string; firstName: string; lastName: string }) => {
        const answer = await api<string>('/api/onboarding/invite-via-client-app', {
          method: 'POST',
          text: true,
          body: { ...form, auctionId },
        });
        return { optedOut: answer.includes('STOP') };
      },
    }),
};

export function useAuction(urlMagicLink: string | undefined) {
  return useQuery({ ...auctionQueries.detail(urlMagicLink ?? ''), enabled: Boolean(urlMagicLink) });
}

export function useTeams(urlMagicLink: string, enabled: boolean) {
  return useQuery({ ...auctionQueries.teams(urlMagicLink), enabled });
}

export function useExchangeRates(enabled: boolean) {
  return useQuery({ ...auctionQueries.exchangeRates(), enabled });
}

export function useProfitStats() {
  return useQuery(auctionQueries.profitStats());
}
