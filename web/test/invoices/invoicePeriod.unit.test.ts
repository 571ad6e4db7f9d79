import { describe, expect, it } from 'vitest';
import { defaultPeriod, periodOptions, periodQuery } from '../../src/invoices/invoicePeriod.ts';

describe('the invoice period filter (spec 000 §7, §9)', () => {
  it('offers the past 3 months first, then this year, then each past year with invoices, newest first', () => {
    expect(periodOptions([2026, 2023, 2025, 2025], 2026)).toEqual([defaultPeriod, 'currentYear', '2025', '2023']);
    expect(periodOptions([], 2026)).toEqual([defaultPeriod, 'currentYear']);
  });

  it('asks time 3 by default, 0 for this year, -1 with the years back for a past year', () => {
    expect(periodQuery(defaultPeriod, 2026)).toEqual({ time: 3 });
    expect(periodQuery('currentYear', 2026)).toEqual({ time: 0 });
    expect(periodQuery('2023', 2026)).toEqual({ time: -1, yearsModifier: 3 });
  });

  it('reads anything else (this year typed as a year, a future year, text) as the default', () => {
    expect(periodQuery('2026', 2026)).toEqual({ time: 3 });
    expect(periodQuery('2030', 2026)).toEqual({ time: 3 });
    expect(periodQuery('x', 2026)).toEqual({ time: 3 });
  });
});
