import { describe, expect, it } from 'vitest';
import { convertCents, formatMoney } from '../../src/i18n/format.ts';
import { centsToDecimal, parseAmount, toCents } from '../../src/lib/money.ts';

const spaced = (text: string) => text.replace(/[\s\u00a0\u202f]/g, ' ');

describe('money at the edge', () => {
  it('reads what bidders type in either language', () => {
    expect(parseAmount('25')).toBe(2500);
    expect(parseAmount('1,250.50')).toBe(125_050);
    expect(parseAmount('1 250,5')).toBe(125_050);
    expect(parseAmount('42,50')).toBe(4250);
    expect(parseAmount('$ 10.05')).toBe(1005);
    expect(parseAmount('10.005')).toBeUndefined();
    // A grouping comma stands before three digits: "60,0150" is no amount, not 600 150.
    expect(parseAmount('60,0150')).toBeUndefined();
    expect(parseAmount('6,00150')).toBeUndefined();
    expect(parseAmount('1,250,000')).toBe(125_000_000);
    expect(parseAmount('-5')).toBeUndefined();
    expect(parseAmount('abc')).toBeUndefined();
  });

  it('writes cents as the decimal the API takes, and reads the API’s money back', () => {
    expect(centsToDecimal(125_050)).toBe('1250.50');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(toCents({ value: 0.29, currencyCode: 'CAD' })).toBe(29);
    expect(toCents(null)).toBeNull();
  });

  it('converts with integer arithmetic and shows USD unmistakably', () => {
    expect(convertCents(10_000, 0.72)).toBe(7200);
    expect(convertCents(333, 0.72)).toBe(240);
    expect(spaced(formatMoney(7200, 'en', 'USD'))).toBe('US$72.00');
    expect(spaced(formatMoney(7200, 'fr', 'USD'))).toBe('72,00 $ US');
  });
});
