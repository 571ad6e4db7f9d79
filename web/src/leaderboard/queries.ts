import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import type { Leaderboard } from './types.ts';

/** Every key of the leaderboard; the hub refreshes `all` on bids and donations (useAuctionLive). */
export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  board: (urlMagicLink: string, winners: boolean) =>
    [...leaderboardKeys.all, urlMagicLink.toLowerCase(), winners] as const,
};

export const leaderboardQueries = {
  /** The leaders while the auction runs, or its winners once closed (spec 001 §2). */
  board: (urlMagicLink: string, winners: boolean) =>
    queryOptions({
      queryKey: leaderboardKeys.board(urlMagicLink, winners),
      queryFn: ({ signal }) =>
        api<Leaderboard>(winners ? '/api/auctions/winner-leaderboard' : '/api/auctions/refresh-leaderboard', {
          query: { urlMagicLink },
          signal,
        }),
    }),
};
