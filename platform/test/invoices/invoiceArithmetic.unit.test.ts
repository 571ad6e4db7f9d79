import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyRatePpm, CARD_FEE_MINIMUM_CENTS, invoiceFigures } from '../../src/invoices/invoiceArithmetic.ts';

const QUEBEC = [
  { names: { fr: 'TPS', en: 'GST' }, ratePpm: 50_000 },
  { names: { fr: 'TVQ', en: 'QST' }, ratePpm: 99_750 },
];

const cents = fc.integer({ min: 0, max: 100_000_000 });
const rates = fc.array(
  fc.record({
    names: fc.record({ fr: fc.string({ maxLength: 8 }), en: fc.string({ maxLength: 8 }) }),
    ratePpm: fc.integer({ min: 0, max: 300_000 }),
  }),
  {
    maxLength: 4,
  },
);
const invoices = fc.record({
  lineAmounts: fc.array(cents, { minLength: 1, maxLength: 30 }),
  taxRates: rates,
  isDonation: fc.boolean(),
  billCardFee: fc.boolean(),
});

describe('invoice arithmetic', () => {
  it('a lot at 100 $ in Quebec with card fees: taxes once on the subtotal, the fee on the taxed amount', () => {
    const figures = invoiceFigures({ lineAmounts: [10_000], taxRates: QUEBEC, isDonation: false, billCardFee: true });
    expect(figures.taxes.map((t) => t.amount)).toEqual([500, 998]);
    // 3.3 % of 114.98 $ = 3.79434 $ → 3.79 $
    expect(figures.cardFee).toBe(379);
    expect(figures.total).toBe(10_000 + 500 + 998 + 379);
  });

  it('taxes are rounded once on the subtotal, not per line', () => {
    // Three lines of 0.10 $ at 5 %: per line 0.005 → 0.01 each (0.03); once on 0.30 $ → 0.02 (0.015 half up).
    const figures = invoiceFigures({
      lineAmounts: [10, 10, 10],
      taxRates: [{ names: { fr: 'TPS', en: 'GST' }, ratePpm: 50_000 }],
      isDonation: false,
      billCardFee: false,
    });
    expect(figures.taxes[0]?.amount).toBe(2);
  });

  it('the card fee is at least 1 dollar, and a donation invoice carries no tax', () => {
    const figures = invoiceFigures({ lineAmounts: [500], taxRates: QUEBEC, isDonation: true, billCardFee: true });
    expect(figures.taxes).toEqual([]);
    expect(figures.cardFee).toBe(CARD_FEE_MINIMUM_CENTS);
    expect(figures.total).toBe(600);
  });

  it('no fee unless billed', () => {
    expect(invoiceFigures({ lineAmounts: [10_000], taxRates: [], isDonation: false, billCardFee: false }).cardFee).toBe(
      0,
    );
  });

  it('refuses amounts that are not cents', () => {
    expect(() => invoiceFigures({ lineAmounts: [1.5], taxRates: [], isDonation: false, billCardFee: false })).toThrow();
    expect(() => invoiceFigures({ lineAmounts: [-1], taxRates: [], isDonation: false, billCardFee: false })).toThrow();
  });

  it('property: the total is exactly the subtotal plus each tax plus the fee, and the subtotal the sum of the lines', () => {
    fc.assert(
      fc.property(invoices, (input) => {
        const f = invoiceFigures(input);
        expect(f.subtotal).toBe(input.lineAmounts.reduce((a, b) => a + b, 0));
        expect(f.total).toBe(f.subtotal + f.taxes.reduce((a, t) => a + t.amount, 0) + f.cardFee);
      }),
    );
  });

  it('property: nothing is negative and everything is whole cents', () => {
    fc.assert(
      fc.property(invoices, (input) => {
        const f = invoiceFigures(input);
        for (const value of [f.subtotal, f.cardFee, f.total, ...f.taxes.map((t) => t.amount)]) {
          expect(Number.isSafeInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('property: each tax and the fee are rounded once (within half a cent of the exact figure)', () => {
    fc.assert(
      fc.property(invoices, (input) => {
        const f = invoiceFigures(input);
        for (const tax of f.taxes) {
          // |amount − subtotal × rate| ≤ 0.5 cent, checked in integers: × 1 000 000.
          const exact = BigInt(f.subtotal) * BigInt(tax.ratePpm);
          const diff = BigInt(tax.amount) * 1_000_000n - exact;
          expect(diff <= 500_000n && diff > -500_000n).toBe(true);
        }
        if (input.billCardFee && f.subtotal > 0) {
          const taxed = f.subtotal + f.taxes.reduce((a, t) => a + t.amount, 0);
          expect(f.cardFee).toBe(Math.max(CARD_FEE_MINIMUM_CENTS, applyRatePpm(taxed, 33_000)));
          expect(f.cardFee).toBeGreaterThanOrEqual(CARD_FEE_MINIMUM_CENTS);
        } else {
          expect(f.cardFee).toBe(0);
        }
      }),
    );
  });

  it('property: a donation invoice has no tax whatever the rates', () => {
    fc.assert(
      fc.property(invoices, (input) => {
        expect(invoiceFigures({ ...input, isDonation: true }).taxes).toEqual([]);
      }),
    );
  });
});
