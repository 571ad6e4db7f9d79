import { useQuery } from '@tanstack/react-query';
import { useProfile } from '../account/session.ts';
import { auctionQueries } from './queries.ts';

/**
 * Spec 001 §4: a logged-in user viewing an auction is marked Visited, and learns whether they are
 * locked out of it (auctionQueries.bidderStatus).
 */
export function useBidderStatus(urlMagicLink: string) {
  const { profile } = useProfile();
  const query = useQuery({
    ...auctionQueries.bidderStatus(urlMagicLink, profile?.id),
    enabled: Boolean(profile && urlMagicLink),
  });
  return { locked: query.data?.locked ?? false, isPending: Boolean(profile) && query.isPending };
}
