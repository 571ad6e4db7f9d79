import type { MyBid } from '@auction/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { lotKeys } from '../lots/queries.ts';

/**
 * The signed-in user's bids, under the lots' keys: the hub refreshes `lotKeys.all` on every lot
 * event, and a bid invalidates the lots, so the standings follow without keys of their own to manage.
 */
export const myBidKeys = {
  all: () => [...lotKeys.all, 'myBids'] as const,
  list: (urlMagicLink: string) => [...myBidKeys.all(), urlMagicLink.toLowerCase()] as const,
};

export const myBidQueries = {
  /** GET /api/account/bids: every lot of the auction the user bid on (a bidder's bids are few: one call). */
  list: (urlMagicLink: string) =>
    queryOptions({
      queryKey: myBidKeys.list(urlMagicLink),
      queryFn: ({ signal }) => api<MyBid[]>('/api/account/bids', { query: { urlMagicLink }, signal }),
    }),
};

export type { MyBid };
