import { describe, expect, it } from 'vitest';
import { CAD_VIEW, convertCents, moneyIn } from '../../src/currency/convertedMoney.ts';
import { decideDeletion, decideDonation, sameDonation } from '../../src/donations/donationDecision.ts';

const auction = { id: 7, status: 3, donationType: 1, donationAllowOtherAmount: false, presetAmounts: [25_00, 50_00] };
const request = { donationId: 'don-00000001', userId: 'u1', amount: 25_00, clientDateCreated: null };

describe('the donation decision', () => {
  it('takes a preset amount in an active auction with internal donations', () => {
    expect(decideDonation(auction, request)).toEqual({
      ok: true,
      event: {
        type: 'DonationReceived',
        data: { donationId: 'don-00000001', auctionId: 7, userId: 'u1', amount: 25_00, clientDateCreated: null },
      },
    });
  });

  it('refuses another amount unless the auction allows it', () => {
    expect(decideDonation(auction, { ...request, amount: 12_34 })).toEqual({
      ok: false,
      reason: 'invalid_donation_amount',
    });
    expect(decideDonation({ ...auction, donationAllowOtherAmount: true }, { ...request, amount: 12_34 }).ok).toBe(true);
  });

  it('refuses an auction that is not active, then one without internal donations', () => {
    expect(decideDonation({ ...auction, status: 2 }, request)).toEqual({ ok: false, reason: 'auctionNotActive' });
    for (const donationType of [0, 2]) {
      expect(decideDonation({ ...auction, donationType }, request)).toEqual({
        ok: false,
        reason: 'donation_not_allowed',
      });
    }
  });

  it('tells a retry from a conflicting reuse of the id, and deletes once', () => {
    const data = { donationId: 'don-00000001', auctionId: 7, userId: 'u1', amount: 25_00, clientDateCreated: null };
    expect(sameDonation(data, 7, request)).toBe(true);
    expect(sameDonation(data, 7, { ...request, amount: 50_00 })).toBe(false);
    expect(sameDonation(data, 8, request)).toBe(false);
    expect(decideDeletion(data, false)).toEqual({
      type: 'DonationDeleted',
      data: { donationId: 'don-00000001', auctionId: 7, userId: 'u1', amount: 25_00 },
    });
    expect(decideDeletion(data, true)).toBeNull();
  });
});

describe('converted amounts', () => {
  it('multiplies by the rate in integers, rounding half up to the cent', () => {
    expect(convertCents(100_00, 0.72)).toBe(72_00);
    expect(convertCents(1, 0.72)).toBe(1);
    expect(convertCents(12_345, 0.731234)).toBe(9027);
    expect(convertCents(999_999_999_99, 0.72)).toBe(719_999_999_99);
  });

  it('keeps CAD as the amount and adds the USD conversion only for a USD reader', () => {
    expect(moneyIn(CAD_VIEW, 12_50)).toEqual({ value: 12.5, currencyCode: 'CAD' });
    expect(moneyIn({ currencyCode: 'USD', cadToUsdRate: 0.72 }, 12_50)).toEqual({
      value: 12.5,
      currencyCode: 'CAD',
      convertedValue: 9,
      convertedCurrencyCode: 'USD',
    });
    expect(moneyIn(CAD_VIEW, null)).toBeNull();
  });
});
