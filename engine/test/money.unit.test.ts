import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoney } from '../src/money.ts';

describe('money', () => {
  it('reads whole units and one or two decimals as integer cents', () => {
    expect(parseMoney('10')).toBe(10_00);
    expect(parseMoney('10.5')).toBe(10_50);
    expect(parseMoney('10.50')).toBe(10_50);
    expect(parseMoney('0.07')).toBe(7);
    expect(parseMoney('0')).toBe(0);
    expect(parseMoney('-3.20')).toBe(-3_20);
  });

  it('reads decimals that floats cannot hold exactly without rounding errors', () => {
    expect(parseMoney('0.29')).toBe(29);
    expect(parseMoney('1.15')).toBe(1_15);
    expect(parseMoney('90071992547409.91')).toBe(9_007_199_254_740_991);
  });

  it('rejects anything else', () => {
    for (const text of ['', '10.', '.5', '10.505', '1,000.00', '+1', '1e3', ' 10', '10 ', 'ten', '90071992547409.92']) {
      expect(parseMoney(text)).toBeNull();
    }
  });

  it('formats with two decimals', () => {
    expect(formatMoney(12_00)).toBe('12.00');
    expect(formatMoney(5)).toBe('0.05');
    expect(formatMoney(-1_50)).toBe('-1.50');
    expect(formatMoney(9_007_199_254_740_991)).toBe('90071992547409.91');
  });

  it('reads back what it formats', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (cents) => {
        expect(parseMoney(formatMoney(cents))).toBe(cents);
      }),
    );
  });
});
