/**
 * Spec 000 §7 and §9: the invoice list's period dropdown. One option value per choice: the past
 * 3 months (`time` 3, the default), the current year (`time` 0), or a past year (`time` -1 with
 * `yearsModifier` = current year − that year). Years come from the list's answer.
 */
export type PeriodQuery = { time: 3 | 0 | -1; yearsModifier?: number };

export const defaultPeriod = 'past3Months';

/** The dropdown's values: the two fixed choices, then each past year the user has invoices in. */
export function periodOptions(years: readonly number[], currentYear: number): string[] {
  const past = [...new Set(years)].filter((year) => year < currentYear).sort((a, b) => b - a);
  return [defaultPeriod, 'currentYear', ...past.map(String)];
}

/** An option value as the list call's query; anything unknown is the default. */
export function periodQuery(option: string, currentYear: number): PeriodQuery {
  if (option === 'currentYear') return { time: 0 };
  const year = Number(option);
  if (Number.isInteger(year) && year < currentYear && currentYear - year <= 100) {
    return { time: -1, yearsModifier: currentYear - year };
  }
  return { time: 3 };
}
