import { describe, expect, it } from 'vitest';
import { type CardCharge, chargeToRefund } from '../../src/invoices/refundCharge.ts';

const charge = (paymentIntentId: string, amountCents: number, refundedCents = 0, settledAt = '2026-11-20T20:00:00Z') =>
  ({ invoiceId: 7, paymentIntentId, amountCents, refundedCents, settledAt: new Date(settledAt) }) satisfies CardCharge;

describe('the charge a card refund goes back through', () => {
  it('is the one charge of an invoice paid once by card', () => {
    expect(chargeToRefund([charge('pi_1', 100_00)], 100_00)).toEqual({ paymentIntentId: 'pi_1' });
  });

  it('is the charge with the most left to give back', () => {
    const charges = [
      charge('pi_first', 60_00, 0, '2026-11-20T20:00:00Z'),
      charge('pi_second', 40_00, 0, '2026-11-25T10:00:00Z'),
    ];
    expect(chargeToRefund(charges, 30_00)).toEqual({ paymentIntentId: 'pi_first' });
    // Once the first has given back 30 $, the second has more left.
    charges[0] = charge('pi_first', 60_00, 30_00, '2026-11-20T20:00:00Z');
    expect(chargeToRefund(charges, 35_00)).toEqual({ paymentIntentId: 'pi_second' });
  });

  it('is the newer of two charges with as much left', () => {
    const charges = [
      charge('pi_old', 50_00, 0, '2026-11-20T20:00:00Z'),
      charge('pi_new', 50_00, 0, '2026-11-25T10:00:00Z'),
    ];
    expect(chargeToRefund(charges, 10_00)).toEqual({ paymentIntentId: 'pi_new' });
  });

  it('refuses more than the cards paid, with what is left on them all', () => {
    expect(chargeToRefund([charge('pi_1', 60_00, 10_00), charge('pi_2', 40_00)], 90_01)).toEqual({
      refusal: 'refund_exceeds_paid_amount',
      refundableCents: 90_00,
    });
    expect(chargeToRefund([], 1)).toEqual({ refusal: 'refund_exceeds_paid_amount', refundableCents: 0 });
  });

  it('refuses a refund larger than any one charge has left, with the largest room', () => {
    expect(chargeToRefund([charge('pi_1', 60_00), charge('pi_2', 40_00)], 70_00)).toEqual({
      refusal: 'refund_exceeds_charge_amount',
      chargeRefundableCents: 60_00,
    });
  });
});
