import { InvoiceStatus } from '@auction/contract';

/** What decides whether a payment recorded by hand can be cancelled now, read with the invoice's row held. */
export interface CancellationFacts {
  status: number;
  /** What a card payment settled on the invoice (refunds aside). */
  cardPaidCents: number;
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
 * - A paid invoice can be taken back to unpaid only when it was paid by hand alone. A card payment
 *   settles everything that was due in one charge, so cancelling a recording beside it would leave
 *   an invoice owing money with the card already charged; money on a card goes back by refund.
 * - Money already given back by hand was given back from these payments: cancelling one of them
 *   would count the same money out twice.
 */
export function cancellationRefusal(
  facts: CancellationFacts,
): 'payment_in_progress' | 'invoice_paid_by_card' | 'invoice_refunded' | null {
  if (facts.paymentInProgress) return 'payment_in_progress';
  if (facts.status === InvoiceStatus.Paid && facts.cardPaidCents > 0) return 'invoice_paid_by_card';
  if (facts.handRefundedCents > 0) return 'invoice_refunded';
  return null;
}
