import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineCost } from '../../src/invoices/donationReceipt.ts';
import { invoiceFigures } from '../../src/invoices/invoiceArithmetic.ts';
import { lineCardFees } from '../../src/invoices/lineCardFees.ts';

/** Quebec's two taxes, 5 % and 9.975 %. */
const QC = [
  { names: { fr: 'TPS', en: 'GST' }, ratePpm: 50_000 },
  { names: { fr: 'TVQ', en: 'QST' }, ratePpm: 99_750 },
];

describe("a line's part of the card fee", () => {
  it('is the fee in proportion of what the line cost with its taxes', () => {
    // A weekend of 1,000 $ and a dinner of 300 $ with Quebec's taxes: 1,494.68 $, a fee of 49.32 $.
    const amounts = [1_000_00, 300_00];
    const { cardFee } = invoiceFigures({ lineAmounts: amounts, taxRates: QC, isDonation: false, billCardFee: true });
    expect(cardFee).toBe(49_32);
    const costs = amounts.map((amount) =>
      lineCost(
        amount,
        QC.map((tax) => tax.ratePpm),
      ),
    );
    expect(costs).toEqual([1_149_75, 344_93]);
    expect(lineCardFees(costs, cardFee)).toEqual([37_93, 11_38]);
  });

  it("is nothing without a fee, and the whole fee for an invoice's one line, its minimum included", () => {
    expect(lineCardFees([1_149_75, 344_93], 0)).toEqual([0, 0]);
    expect(lineCardFees([11_50], 1_00)).toEqual([1_00]);
    expect(lineCardFees([0, 0], 1_00)).toEqual([0, 0]);
  });

  it('never adds up to more than the fee, and leaves at most a cent a line of it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000_00 }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 0, max: 100_000_00 }),
        (costs, fee) => {
          const parts = lineCardFees(costs, fee);
          const sum = parts.reduce((total, part) => total + part, 0);
          expect(parts.every((part) => Number.isSafeInteger(part) && part >= 0)).toBe(true);
          expect(sum).toBeLessThanOrEqual(fee);
          if (costs.some((cost) => cost > 0)) expect(fee - sum).toBeLessThan(costs.length);
        },
      ),
    );
  });
});
