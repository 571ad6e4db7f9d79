/**
 * The card rules of spec 000 §4–§5 and spec 001 §5, pure: what state a card is in, whether it may
 * be selected for an auction, and which card is auto-selected.
 */

/** As stored: what Stripe last said of the card, and the product's refusal of a brand. */
export type StoredCardState = 'active' | 'declined' | 'refused' | 'detached';
/** As shown (spec 000 §4 "Card state"): expired is computed from today's date. */
export type CardStatus = 'usable' | 'declined' | 'expired' | 'refused';

/** American Express is not accepted (spec 000 §5). */
export const REFUSED_BRANDS: ReadonlySet<string> = new Set(['amex', 'american_express']);

export function isRefusedBrand(brand: string): boolean {
  return REFUSED_BRANDS.has(brand.toLowerCase());
}

/** Spec 000 §4: expired if the expiry year, or the month of this year, is before the current month. */
export function isExpired(card: { expMonth: number; expYear: number }, today: Date): boolean {
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth() + 1;
  return card.expYear < year || (card.expYear === year && card.expMonth < month);
}

export function cardStatus(
  card: { state: StoredCardState; expMonth: number; expYear: number },
  today: Date,
): CardStatus | null {
  if (card.state === 'detached') return null;
  if (card.state === 'refused') return 'refused';
  if (card.state === 'declined') return 'declined';
  return isExpired(card, today) ? 'expired' : 'usable';
}

/** A card as stored (`payment_methods`' state and expiry), as it stands today. */
export function storedCardStatus(
  card: { state: string; exp_month: number; exp_year: number },
  today = new Date(),
): CardStatus | null {
  return cardStatus({ state: card.state as StoredCardState, expMonth: card.exp_month, expYear: card.exp_year }, today);
}

/** The message key a card that cannot be selected shows (spec 000 §8 "Cards"). */
export function refusalOf(status: CardStatus): string | null {
  if (status === 'refused') return 'amex_not_accepted';
  if (status === 'declined' || status === 'expired') return 'card_declined_or_expired';
  return null;
}

/**
 * Spec 001 §5: "If exactly one eligible non-declined card exists and none is selected for the
 * auction, it is auto-selected." Eligible: usable and of the auction's payment configuration.
 */
export function autoSelected<C extends { id: number; status: CardStatus | null }>(
  eligible: readonly C[],
  selected: number | null,
): C | null {
  if (selected !== null) return null;
  const usable = eligible.filter((card) => card.status === 'usable');
  return usable.length === 1 ? (usable[0] as C) : null;
}

/** A user's cards for an auction, as `cardSummarySql` reads them. */
export interface CardSummary {
  usable: number | string;
  single: number | null;
  selected: boolean | null;
  any_selection: boolean;
}

/**
 * Spec 001 §5 rules 2 and 3 with the auto-selection: a card exists when a usable one does; one is
 * selected when a usable one is, or when exactly one is usable and none is selected (that one is
 * the auto-selected card, recorded at the first bid).
 */
export function cardPermission(cards: CardSummary | null): {
  hasCards: boolean;
  hasSelectedCard: boolean;
  autoSelectedCard: number | null;
} {
  if (!cards) return { hasCards: false, hasSelectedCard: false, autoSelectedCard: null };
  const usable = Number(cards.usable);
  const single = usable === 1 && !cards.any_selection ? cards.single : null;
  return {
    hasCards: usable > 0,
    hasSelectedCard: Boolean(cards.selected) || single !== null,
    autoSelectedCard: single,
  };
}
