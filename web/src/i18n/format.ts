import type { Locale } from './routes.ts';

// Canadian variants: the platform's users are in Canada and prices are in CAD, so "$" is unambiguous.
export const intlLocale: Record<Locale, string> = { en: 'en-CA', fr: 'fr-CA' };

/**
 * Formatters made once per locale, currency and time zone: making one loads locale data and costs
 * far more than formatting (a lot list formats dozens of amounts and dates in its first render, and
 * countdowns re-render every second).
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
export function formatter<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let made = formatters.get(key) as F | undefined;
  if (!made) {
    made = make();
    formatters.set(key, made);
  }
  return made;
}

const dateParts = (timeZone: string | undefined) =>
  formatter(
    `date|${timeZone ?? ''}`,
    () => new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }),
  );

/**
 * MM/DD/YYYY in English, YYYY-MM-DD in French (spec 000 §1). Assembled from parts because no
 * Intl locale produces exactly these patterns across engines. `timeZone` defaults to the viewer's.
 */
export function formatDate(date: Date | string, locale: Locale, timeZone?: string): string {
  const parts = dateParts(timeZone).formatToParts(new Date(date));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  const [year, month, day] = [part('year'), part('month'), part('day')];
  return locale === 'en' ? `${month}/${day}/${year}` : `${year}-${month}-${day}`;
}

export function formatTime(date: Date | string, locale: Locale, timeZone?: string): string {
  return formatter(
    `time|${locale}|${timeZone ?? ''}`,
    () => new Intl.DateTimeFormat(intlLocale[locale], { hour: 'numeric', minute: '2-digit', timeZone }),
  ).format(new Date(date));
}

/**
 * Money is integer cents everywhere (DESIGN §2); it is turned into an exact decimal string rather
 * than divided, so no float ever touches an amount.
 */
export function formatMoney(cents: number, locale: Locale, currency: 'CAD' | 'USD' = 'CAD'): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Money must be integer cents, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const fraction = absolute % 100;
  const decimal = `${sign}${(absolute - fraction) / 100}.${String(fraction).padStart(2, '0')}`;
  // Canadian locales write USD as "US$" / "$ US", so a converted amount is never read as CAD.
  return formatter(
    `money|${locale}|${currency}`,
    () => new Intl.NumberFormat(intlLocale[locale], { style: 'currency', currency }),
  ).format(decimal as Intl.StringNumericLiteral);
}

/**
 * Spec 001 §1: converted amount = rate times amount, 2 decimals. The rate is turned into an integer
 * of millionths first, so the amount itself is only ever multiplied and divided as integers.
 */
export function convertCents(cents: number, rate: number): number {
  const rateMillionths = Math.round(rate * 1_000_000);
  return Math.round((cents * rateMillionths) / 1_000_000);
}
