import type { closingMinute } from '@auction/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/client.ts';

/** The projector's page (docs/console.md "Projector"); the leaderboard comes from leaderboard/queries.ts. */
export const projectorKeys = {
  all: ['projector'] as const,
  page: (auctionId: number) => [...projectorKeys.all, auctionId] as const,
};

export const projectorQueries = {
  page: (auctionId: number) =>
    queryOptions({
      queryKey: projectorKeys.page(auctionId),
      queryFn: ({ signal }) => api<closingMinute.Projector>(`/api/auctions/${auctionId}/projector`, { signal }),
      // The hub moves it; a slow refresh as well covers a screen left on all night.
      refetchInterval: 60_000,
    }),
};
