import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/errors.ts';
import { refundCallOutcome } from '../../src/invoices/invoiceRefunds.ts';

/** docs/payments.md "Refunds" step 3: what a failed Stripe call for a refund does to its row. */
describe("a card refund's failed Stripe call", () => {
  it('for its key in flight (a double click: another request is sending it) answers the refund as it stands', () => {
    expect(refundCallOutcome(new HttpError(409, 'idempotency_key_reused'))).toBe('inFlight');
  });

  it('refused by Stripe (nothing given back) fails the refund', () => {
    const declined = new HttpError(402, 'error_during_paiement', { declineCode: 'card_declined' });
    expect(refundCallOutcome(declined)).toBe('refused');
    expect(refundCallOutcome(new HttpError(400, 'payment_request_invalid'))).toBe('refused');
  });

  it('with Stripe unreachable, or any other failure, leaves it pending for a retry', () => {
    expect(refundCallOutcome(new HttpError(503, 'payment_provider_unavailable'))).toBe('unknown');
    expect(refundCallOutcome(new Error('socket hang up'))).toBe('unknown');
  });
});
