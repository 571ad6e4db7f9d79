import { describe, expect, it } from 'vitest';
import { sumOfCents } from '../src/sumOfCents.ts';

describe('a sum of cents read from PostgreSQL', () => {
  it('is exact below 2^53, whether it arrives as text, a number or a bigint', () => {
    expect(sumOfCents('0')).toBe(0);
    expect(sumOfCents('123456789012345', 5, 10n)).toBe(123456789012360);
    expect(sumOfCents(null, undefined)).toBe(0);
  });

  it('saturates at the largest safe integer instead of an inexact number an answer would refuse', () => {
    // Two bids just under 2^53 cents, stored before the amount ceiling: the projector's lots total.
    expect(sumOfCents('18014398509481982')).toBe(Number.MAX_SAFE_INTEGER);
    expect(sumOfCents('9007199254740991', '1')).toBe(Number.MAX_SAFE_INTEGER);
    expect(Number.isSafeInteger(sumOfCents('99999999999999999999999'))).toBe(true);
  });
});
