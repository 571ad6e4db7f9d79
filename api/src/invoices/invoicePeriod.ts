import { InvoicePeriod } from '@auction/contract';

/**
 * Spec 000 §7's invoice period filter as a date range [from, to): `time` 3 is the past 3 months
 * (the default), 0 the current year, -1 a past year chosen by `yearsModifier` (the current year
 * minus that year). Years are calendar years in UTC.
 */
export function invoicePeriod(
  time: number,
  yearsModifier: number | null | undefined,
  now: Date,
): { from: Date; to: Date | null } {
  const year = now.getUTCFullYear();
  switch (time) {
    case InvoicePeriod.CurrentYear:
      return { from: new Date(Date.UTC(year, 0, 1)), to: null };
    case InvoicePeriod.PastYear: {
      const chosen = year - (yearsModifier ?? 1);
      return { from: new Date(Date.UTC(chosen, 0, 1)), to: new Date(Date.UTC(chosen + 1, 0, 1)) };
    }
    default: {
      const from = new Date(now);
      from.setUTCMonth(from.getUTCMonth() - 3);
      return { from, to: null };
    }
  }
}
