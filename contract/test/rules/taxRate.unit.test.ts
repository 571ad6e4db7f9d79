import { describe, expect, it } from 'vitest';
import { applyRatePpm, percentOfPpm, ratePpmOf } from '../../src/rules/taxRate.ts';

describe('a tax rate typed as a percentage', () => {
  it.each([
    ['5', 50_000],
    ['9.975', 99_750],
    ['9,975', 99_750],
    ['13 %', 130_000],
    [' 14.975% ', 149_750],
    ['0.0001', 1],
    ['100', 1_000_000],
  ])('reads %j as %i millionths', (typed, ppm) => {
    expect(ratePpmOf(typed)).toBe(ppm);
    expect(percentOfPpm(ppm)).toBe(Number(typed.replace(',', '.').replace('%', '').trim()));
  });

  it.each(['', '0', '0.0000', '9.97501', '100.01', '1000', '-5', 'treize', '5.', '.5', '1e2', '5 %%'])(
    'refuses %j',
    (typed) => {
      expect(ratePpmOf(typed)).toBeNull();
    },
  );
});

describe('a tax on an amount', () => {
  it('rounds half up once, as invoices do', () => {
    expect(applyRatePpm(100_00, 99_750)).toBe(9_98); // 9.975 $
    expect(applyRatePpm(30, 50_000)).toBe(2); // 1.5 ¢
    expect(applyRatePpm(29, 50_000)).toBe(1); // 1.45 ¢
    expect(applyRatePpm(Number.MAX_SAFE_INTEGER, 1_000_000)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses what is not whole cents or a rate', () => {
    expect(() => applyRatePpm(1.5, 50_000)).toThrow(RangeError);
    expect(() => applyRatePpm(-1, 50_000)).toThrow(RangeError);
    expect(() => applyRatePpm(100, -1)).toThrow(RangeError);
  });
});
