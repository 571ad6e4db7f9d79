import { useQuery } from '@tanstack/react-query';
import { useProfile } from '../account/session.ts';
import { ApiError, api } from '../api/client.ts';

// Spec 000 §3 bidder status per auction.
const VISITED = 2;
const LOCKED = 3;

/**
 * Spec 001 §4: a logged-in user viewing an auction is marked Visited; the answer (or 403
 * bidder_locked) also tells whether they are locked out of it.
 */
export function useBidderStatus(urlMagicLink: string) {
  const { profile } = useProfile();
  const query = useQuery({
    queryKey: ['bidderStatus', urlMagicLink.toLowerCase(), profile?.id],
    queryFn: async () => {
      try {
        const answer = await api<{ auctionBidderStatus?: number }>(
          `/api/auctions/set-auction-status/${encodeURIComponent(urlMagicLink)}/${VISITED}`,
          { method: 'POST' },
        );
        return { locked: answer.auctionBidderStatus === LOCKED };
      } catch (error) {
        if (error instanceof ApiError && error.message === 'bidder_locked') return { locked: true };
        throw error;
      }
    },
    enabled: Boolean(profile && urlMagicLink),
    staleTime: 5 * 60_000,
    retry: false,
  });
  return { locked: query.data?.locked ?? false, isPending: Boolean(profile) && query.isPending };
}
