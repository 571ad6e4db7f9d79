/** What decides whether a payment recorded by hand can be cancelled now, read with the invoice's row held. */
export interface CancellationFacts {
  /** A card payment is being charged right now. */
  paymentInProgress: boolean;
  /** What the organisation has given back by hand on the invoice. */
  handRefundedCents: number;
}

/**
 * Why a payment recorded by hand cannot be cancelled now, or null when it can (docs/payments.md
 * "Cancelling a payment recorded by hand"). The console offers the cancellation by the same rule.
 *
 * - A card payment being charged charges what was due when it began: nothing changes under it.
 * - Money already given back by hand was given back from these payments: cancelling one of them
 *   would count the same money out twice.
 *
 * A card payment beside the recording does not stop it: the invoice owes the cancelled amount
 * again and the card path charges that rest ("A second card charge").
 */
export function cancellationRefusal(facts: CancellationFacts): 'payment_in_progress' | 'invoice_refunded' | null {
  if (facts.paymentInProgress) return 'payment_in_progress';
  if (facts.handRefundedCents > 0) return 'invoice_refunded';
  return null;
}
