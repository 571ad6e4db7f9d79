import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { commandRetry } from '../lib/commandRetry.ts';
import { centsToDecimal } from '../lib/money.ts';
import type { DonationList } from './types.ts';

/** Every key of the donations feature; the hub refreshes `all` on any event of the auction. */
export const donationKeys = {
  all: ['donations'] as const,
  list: (auctionId: number, userId: string | undefined) => [...donationKeys.all, auctionId, userId] as const,
};

export const donationQueries = {
  list: (auctionId: number, userId: string | undefined) =>
    queryOptions({
      queryKey: donationKeys.list(auctionId, userId),
      queryFn: ({ signal }) => api<DonationList>('/api/auctions/donations', { query: { auctionId }, signal }),
    }),
};

export const donationMutations = {
  /**
   * Spec 001 §4 donation; `id` is made when the confirmation opens, so a repeat is one donation,
   * and an answer lost is asked again with it (commandRetry).
   */
  donate: (auctionId: number, userId: string | undefined) =>
    mutationOptions({
      mutationKey: [...donationKeys.all, 'donate', auctionId],
      ...commandRetry,
      mutationFn: (request: { cents: number; id: string }) =>
        api('/api/auctions/donations', {
          method: 'POST',
          body: {
            id: request.id,
            auctionId,
            userId: userId ?? null,
            amount: centsToDecimal(request.cents),
            currencyCode: 'CAD',
            dateCreated: new Date().toISOString(),
          },
        }),
      onSettled: (_data, _error, _variables, _result, { client }) =>
        client.invalidateQueries({ queryKey: donationKeys.all }),
    }),
};
