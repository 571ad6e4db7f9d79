import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  earnsReceipt,
  figuresAfterLineRefunds,
  figuresAfterRefunds,
  lineCost,
  type ReceiptLine,
  type RefundableLine,
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

describe('a receipt after refunds that name their line', () => {
  /** Quebec's two taxes, 5 % and 9.975 %. */
  const QC = [50_000, 99_750];
  const line = (id: string, base: ReceiptLine, rates = QC): RefundableLine => ({
    ...base,
    id,
    costCents: lineCost(base.amount, rates),
  });
  const refunds = (byLine: Record<string, number>, unattributed = 0) => ({
    byLine: new Map(Object.entries(byLine)),
    unattributed,
  });
  // A weekend bought 1,000 $ (worth 400 $) and a dinner bought 300 $ (worth 300 $: no gift in it).
  const weekend = line('weekend', lot(1_000_00, 400_00));
  const dinner = line('dinner', lot(300_00, 300_00));

  it('leaves the gift whole when the line refunded held none of it', () => {
    const before = receiptFigures([weekend, dinner]);
    const after = figuresAfterLineRefunds([weekend, dinner], refunds({ dinner: dinner.costCents }));
    expect(after).toEqual(before);
    // The cautious reading, without the line, would have taken the dinner out of the weekend's gift.
    expect(figuresAfterRefunds(before, dinner.costCents).eligibleAmount).toBeLessThan(before.eligibleAmount);
  });

  it('takes a line refunded whole, taxes included, off the receipt with its fair market value', () => {
    expect(figuresAfterLineRefunds([weekend, dinner], refunds({ weekend: weekend.costCents }))).toEqual({
      amountReceived: 0,
      fairMarketValue: 0,
      eligibleAmount: 0,
    });
  });

  it('lowers a line refunded in part by the share of its amount in what was refunded; its value stays', () => {
    // 229.95 $ back on the weekend is 200 $ of its price and 29.95 $ of its taxes.
    const after = figuresAfterLineRefunds([weekend], refunds({ weekend: 229_95 }));
    expect(after).toEqual({ amountReceived: 800_00, fairMarketValue: 400_00, eligibleAmount: 400_00 });
  });

  it('takes a refund naming no line out of the gift first, after those naming theirs', () => {
    const after = figuresAfterLineRefunds([weekend, dinner], refunds({ dinner: dinner.costCents }, 100_00));
    expect(after.eligibleAmount).toBe(500_00);
  });

  it('takes a refund of a donation out of the gift, as a donation has no tax', () => {
    const gift = line('gift', donation(250_00), []);
    expect(figuresAfterLineRefunds([gift], refunds({ gift: 50_00 })).eligibleAmount).toBe(200_00);
  });

  it('never states more than before, nor less than the same refunds named on no line would', () => {
    const base = fc.oneof(
      fc.integer({ min: 1, max: 1_000_000 }).map(donation),
      fc
        .tuple(fc.integer({ min: 1, max: 1_000_000 }), fc.option(fc.integer({ min: 0, max: 1_500_000 })))
        .map(([amount, valuation]) => lot(amount, valuation)),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(base, fc.integer({ min: 0, max: 100 })), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 500_000 }),
        (drawn, unattributed) => {
          const lines = drawn.map(([receiptLine], i) => line(`l${i}`, receiptLine));
          // Each line refunded by a share (0–100 %) of what it cost: never more than a refund may take.
          const byLine = Object.fromEntries(
            drawn.map(([, percent], i) => [
              `l${i}`,
              Math.floor(((lines[i] as RefundableLine).costCents * percent) / 100),
            ]),
          );
          const total = Object.values(byLine).reduce((sum, cents) => sum + cents, 0);
          const before = receiptFigures(lines);
          const after = figuresAfterLineRefunds(lines, refunds(byLine, unattributed));
          expect(after.eligibleAmount).toBeGreaterThanOrEqual(0);
          expect(after.eligibleAmount).toBeLessThanOrEqual(before.eligibleAmount);
          expect(after.eligibleAmount).toBeGreaterThanOrEqual(
            figuresAfterRefunds(before, total + unattributed).eligibleAmount,
          );
          if (after.eligibleAmount > 0) expect(after.eligibleAmount).toBe(after.amountReceived - after.fairMarketValue);
          expect(Number.isInteger(after.eligibleAmount)).toBe(true);
        },
      ),
    );
  });
});
