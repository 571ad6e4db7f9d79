import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  earnsReceipt,
  figuresAfterRefunds,
  type ReceiptLine,
  receiptFigures,
} from '../../src/invoices/donationReceipt.ts';
import { formatMoney } from '../../src/invoices/moneyFormat.ts';

const lot = (amount: number, valuation: number | null, quantity = 1): ReceiptLine => ({
  kind: 'lot',
  quantity,
  unitPrice: amount / quantity,
  amount,
  valuation,
});
const donation = (amount: number): ReceiptLine => ({
  kind: 'donation',
  quantity: 1,
  unitPrice: amount,
  amount,
  valuation: null,
});

describe('donation receipt eligibility', () => {
  it('a donation is a gift of its whole amount', () => {
    expect(receiptFigures([donation(50_00)])).toEqual({
      amountReceived: 50_00,
      fairMarketValue: 0,
      eligibleAmount: 50_00,
    });
  });

  it('a lot won above its fair market value is a gift of the difference; at or below it, nothing', () => {
    expect(receiptFigures([lot(500_00, 300_00)]).eligibleAmount).toBe(200_00);
    expect(receiptFigures([lot(300_00, 300_00)]).eligibleAmount).toBe(0);
    expect(receiptFigures([lot(250_00, 300_00)]).eligibleAmount).toBe(0);
    // Quantities: the valuation is per unit.
    expect(receiptFigures([lot(3 * 40_00, 25_00, 3)])).toEqual({
      amountReceived: 120_00,
      fairMarketValue: 75_00,
      eligibleAmount: 45_00,
    });
  });

  it('a lot without a valuation earns nothing: the gift cannot be stated', () => {
    expect(receiptFigures([lot(500_00, null)]).eligibleAmount).toBe(0);
  });

  it("is issued from the auction's minimum, never for 0", () => {
    expect(earnsReceipt(receiptFigures([donation(20_00)]), 20_00)).toBe(true);
    expect(earnsReceipt(receiptFigures([donation(19_99)]), 20_00)).toBe(false);
    expect(earnsReceipt(receiptFigures([lot(100_00, 100_00)]), 0)).toBe(false);
  });

  it('the eligible amount is never negative, never above what was paid, and is received − value', () => {
    const line = fc.oneof(
      fc.integer({ min: 1, max: 10_000_000 }).map(donation),
      fc
        .tuple(
          fc.integer({ min: 1, max: 20 }),
          fc.integer({ min: 1, max: 1_000_000 }),
          fc.option(fc.integer({ min: 0, max: 2_000_000 })),
        )
        .map(([quantity, unit, valuation]) => lot(quantity * unit, valuation, quantity)),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), (lines) => {
        const figures = receiptFigures(lines);
        const paid = lines.reduce((sum, l) => sum + l.amount, 0);
        expect(figures.eligibleAmount).toBeGreaterThanOrEqual(0);
        expect(figures.eligibleAmount).toBeLessThanOrEqual(paid);
        expect(figures.eligibleAmount).toBe(figures.amountReceived - figures.fairMarketValue);
        expect(Number.isInteger(figures.eligibleAmount)).toBe(true);
      }),
    );
  });
});

describe('a receipt after refunds', () => {
  it('takes the refund out of the gift first, keeps the fair market value, and never goes below 0', () => {
    const won = receiptFigures([lot(500_00, 300_00)]);
    expect(figuresAfterRefunds(won, 50_00)).toEqual({
      amountReceived: 450_00,
      fairMarketValue: 300_00,
      eligibleAmount: 150_00,
    });
    expect(figuresAfterRefunds(won, 200_00).eligibleAmount).toBe(0);
    expect(figuresAfterRefunds(won, 500_00).eligibleAmount).toBe(0);
    expect(figuresAfterRefunds(won, 0)).toEqual(won);
  });

  it('never states more than the first receipt, nor more than was kept above the value received', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        (paid, valuation, refunded) => {
          const before = receiptFigures([lot(paid, valuation), donation(paid)]);
          const after = figuresAfterRefunds(before, refunded);
          expect(after.eligibleAmount).toBeLessThanOrEqual(before.eligibleAmount);
          expect(after.eligibleAmount).toBeLessThanOrEqual(Math.max(0, 2 * paid - refunded - before.fairMarketValue));
          expect(after.eligibleAmount).toBeGreaterThanOrEqual(0);
          if (after.eligibleAmount > 0) {
            expect(after.eligibleAmount).toBe(after.amountReceived - after.fairMarketValue);
          }
        },
      ),
    );
  });
});

describe('amounts in documents', () => {
  it('are written as each language writes them', () => {
    expect(formatMoney(1234_56, 'fr')).toBe('1\u00a0234,56\u00a0$');
    expect(formatMoney(1234_56, 'en')).toBe('$1,234.56');
  });
});
