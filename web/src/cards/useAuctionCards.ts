import { useQuery } from '@tanstack/react-query';
import { cardQueries } from './queries.ts';

/**
 * The user's cards of the auction's payment configuration (only those show, spec 001 §5) and the
 * one selected for it; asking for the selection selects the single usable card when none is.
 */
export function useAuctionCards(auctionId: number, stripeInformationId: number | null, enabled = true) {
  const cards = useQuery({ ...cardQueries.paymentMethods(), enabled });
  const selection = useQuery({ ...cardQueries.selection(auctionId), enabled });
  const ofAuction = (cards.data ?? []).filter((card) => card.stripeInformation_Id === stripeInformationId);
  const selected = selection.data?.find((entry) => entry.auctionId === auctionId);
  return {
    all: cards.data ?? [],
    cards: ofAuction,
    selected,
    isLoading: cards.isLoading || selection.isLoading,
  };
}
