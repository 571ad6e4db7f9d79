import type { Authorization } from '../authorization/authorizationService.ts';
import { HttpError } from '../errors.ts';
import type { AuctionPaymentMethodRow, CardRepository, PaymentMethodRow } from './cardRepository.ts';
import { autoSelected, cardPermission, storedCardStatus } from './cardRules.ts';
import type { StripeGateway } from './stripeGateway.ts';

/**
 * The card calls' decisions (spec 000 §5, spec 001 §5), between the routes and the repository:
 * which card may be selected, the auto-selection, deleting and replacing.
 */
export function cardsOnFile(deps: { cards: CardRepository; stripe: StripeGateway; authorization: Authorization }) {
  const { cards, stripe, authorization } = deps;

  /** The auction, once the user may see it, with its payment configuration. */
  async function visibleAuction(auctionId: number, userId: string) {
    return authorization.visibleAuction(await cards.auctionOf(auctionId), userId);
  }

  /** A card the user may select: theirs, usable, not American Express (spec 000 §5). */
  async function selectableCard(userId: string, paymentMethodId: number, stripeInformationId: number | null) {
    const card = await cards.cardOf(userId, paymentMethodId);
    // Only the cards of the auction's payment configuration show (spec 001 §5).
    if (!card || (stripeInformationId !== null && card.stripe_information_id !== stripeInformationId)) {
      throw new HttpError(404, 'card_does_not_exist');
    }
    const status = statusOf(card);
    if (status === 'refused') throw new HttpError(400, 'amex_not_accepted');
    if (status !== 'usable') throw new HttpError(400, 'card_declined_or_expired');
    return card;
  }

  return {
    /**
     * Permission to bid rules 2 and 3 (spec 001 §5) outside the bid path (which reads them in its
     * one statement, lots/bidContext.ts): any usable card of the auction's payment configuration,
     * and a selected one or a single usable one (the auto-selection, made at the first bid). Reads
     * nothing when the auction does not require a card.
     */
    async permissionCards(
      userId: string,
      auction: { id: number; requireCCToBid: boolean },
    ): Promise<{ hasCards: boolean; hasSelectedCard: boolean }> {
      if (!auction.requireCCToBid) return { hasCards: false, hasSelectedCard: false };
      return cardPermission(await cards.cardSummary(userId, auction.id));
    },

    /**
     * The user's selections; for one auction, its single usable card is selected when none is
     * (spec 001 §5 "auto-selected").
     */
    async selections(userId: string, auctionId: number | undefined): Promise<AuctionPaymentMethodRow[]> {
      if (auctionId === undefined) return cards.selectionsOf(userId);
      const auction = await visibleAuction(auctionId, userId);
      const selected = await cards.selectionFor(userId, auction.id);
      if (selected) return [selected];
      const eligible = (await cards.cardsOf(userId))
        .filter((card) => card.stripe_information_id === auction.stripe_information_id)
        .map((card) => ({ ...card, status: statusOf(card) }));
      const single = autoSelected(eligible, null);
      if (!single) return [];
      await cards.select(userId, auction.id, single, true);
      const now = await cards.selectionFor(userId, auction.id);
      return now ? [now] : [];
    },

    async select(
      userId: string,
      body: { auctionId: number; paymentMethod_Id: number; id?: number },
    ): Promise<AuctionPaymentMethodRow> {
      const auction = await visibleAuction(body.auctionId, userId);
      if (body.id !== undefined) {
        const existing = await cards.selectionFor(userId, auction.id);
        if (!existing || existing.id !== body.id) throw new HttpError(404, 'auction_payment_method_not_found');
      }
      const card = await selectableCard(userId, body.paymentMethod_Id, auction.stripe_information_id);
      const row = await cards.select(userId, auction.id, card);
      if (!row) throw new HttpError(404, 'auction_payment_method_not_found');
      return row;
    },

    /** Refused while the card is needed for a leading bid, a purchase or a donation (spec 000 §5). */
    async remove(userId: string, paymentMethodId: number): Promise<void> {
      const card = await cards.cardOf(userId, paymentMethodId);
      if (!card) throw new HttpError(404, 'card_does_not_exist');
      const inUse = await cards.auctionsWhereCardInUse(userId, card.id);
      if (inUse.length > 0) {
        throw new HttpError(409, 'card_in_use_cannot_be_deleted', { auctionIds: inUse });
      }
      // At Stripe first: a card left attached there could still be charged.
      await stripe.detachPaymentMethod(card.stripe_payment_method_id);
      await cards.removeCard(card.id);
    },

    /** Every auction using `source` moves to `replacing`, which must be selectable (spec 000 §2 "replace card"). */
    async replace(userId: string, sourceId: number, replacingId: number): Promise<number[]> {
      const source = await cards.cardOf(userId, sourceId);
      if (!source) throw new HttpError(404, 'card_does_not_exist');
      if (sourceId === replacingId) throw new HttpError(400, 'card_replacement_failed');
      const replacing = await selectableCard(userId, replacingId, source.stripe_information_id);
      return cards.replaceSelections(userId, source.id, replacing);
    },
  };
}

export type CardsOnFile = ReturnType<typeof cardsOnFile>;

function statusOf(card: PaymentMethodRow) {
  return storedCardStatus(card);
}
