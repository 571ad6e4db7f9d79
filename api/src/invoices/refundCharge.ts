/** One successful card charge of an invoice and what its refunds already give back. */
export interface CardCharge {
  invoiceId: number;
  paymentIntentId: string;
  amountCents: number;
  /** Its refunds that gave or are giving money back (pending and succeeded). */
  refundedCents: number;
  /** When it succeeded: the newer wins a tie. */
  settledAt: Date;
}

export type ChargeChoice =
  | { paymentIntentId: string }
  | { refusal: 'refund_exceeds_paid_amount'; refundableCents: number }
  | { refusal: 'refund_exceeds_charge_amount'; chargeRefundableCents: number };

const roomOf = (charge: CardCharge) => Math.max(0, charge.amountCents - charge.refundedCents);

/** What the cards can still give back in all: each charge's amount less its refunds. */
export const refundableOnCards = (charges: ReadonlyArray<CardCharge>) =>
  charges.reduce((sum, charge) => sum + roomOf(charge), 0);

/** What one card refund can give back: the most any one charge has left. */
export const refundableAtOnce = (charges: ReadonlyArray<CardCharge>) => Math.max(0, ...charges.map(roomOf));

/**
 * The charge a card's refund goes back through (docs/payments.md "A second card charge"). An
 * invoice usually has one; it has two when a recording beside its card payment was cancelled and
 * the bidder paid the rest by card again. Stripe refunds one PaymentIntent at most what it
 * charged, so one refund goes through one charge: the one with the most left to give back (the
 * newer on a tie), so that the largest refund possible passes. A refund within what the cards paid
 * but larger than any one charge has left is refused with that charge's room
 * (`refund_exceeds_charge_amount`): the staff give it back in two refunds.
 */
export function chargeToRefund(charges: ReadonlyArray<CardCharge>, amountCents: number): ChargeChoice {
  const refundableCents = refundableOnCards(charges);
  if (amountCents > refundableCents) return { refusal: 'refund_exceeds_paid_amount', refundableCents };
  const [best] = [...charges].sort((a, b) => roomOf(b) - roomOf(a) || b.settledAt.getTime() - a.settledAt.getTime());
  if (!best || amountCents > roomOf(best)) {
    return { refusal: 'refund_exceeds_charge_amount', chargeRefundableCents: best ? roomOf(best) : 0 };
  }
  return { paymentIntentId: best.paymentIntentId };
}
