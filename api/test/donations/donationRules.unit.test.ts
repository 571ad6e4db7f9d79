import { describe, expect, it } from 'vitest';
import { CAD_VIEW, convertCents, moneyIn } from '../../src/currency/convertedMoney.ts';

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
