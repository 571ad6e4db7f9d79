import type { closingMinute } from '@auction/contract';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { consoleKeys } from '../queries.ts';

/** The closing minute (docs/console.md): its snapshot and the auction's fundraising goal. */
export const closingKeys = {
  all: [...consoleKeys.all, 'closing-minute'] as const,
  snapshot: (auctionId: number) => [...closingKeys.all, auctionId] as const,
};

export const closingQueries = {
  /** Reloaded after every reconnect and a moment after each hub event (nicknames, winners). */
  snapshot: (auctionId: number) =>
    queryOptions({
      queryKey: closingKeys.snapshot(auctionId),
      queryFn: ({ signal }) =>
        api<closingMinute.ClosingMinute>(`/api/admin/auctions/${auctionId}/closing-minute`, { signal }),
    }),
};

export const closingMutations = {
  goal: (auctionId: number) =>
    mutationOptions({
      mutationKey: [...closingKeys.all, 'goal', auctionId],
      mutationFn: (goalCents: number | null) =>
        api<{ goalCents: number | null }>(`/api/admin/auctions/${auctionId}/fundraising-goal`, {
          method: 'PUT',
          body: { goalCents },
        }),
    }),
};
