/** The JSON edge's money (DESIGN §2): a decimal with at most 2 places and its currency. */
export interface Money {
  value: number;
  currencyCode: string;
}

/**
 * Back to integer cents at the edge; the value has at most 2 decimals, so rounding only removes the
 * binary representation error of the parsed decimal.
 */
export function toCents(money: Money | null | undefined): number | null {
  if (!money) return null;
  return Math.round(money.value * 100);
}

/** Cents as the plain decimal the API accepts ("1250.5" → "1250.50"), without float arithmetic. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** Cents as an amount field shows them: "150.00" in English, "150,00" in French (parseAmount reads both). */
export function centsToInput(cents: number, locale: 'en' | 'fr'): string {
  const decimal = centsToDecimal(cents);
  return locale === 'fr' ? decimal.replace('.', ',') : decimal;
}

/**
 * What a bidder types ("1 250,50", "1,250.50", "25") as cents; undefined when it is not a positive
 * amount with at most 2 decimals. Both languages' separators are read: a comma followed by exactly
 * 1 or 2 digits at the end is a decimal comma, any other comma or space groups thousands.
 */
export function parseAmount(text: string): number | undefined {
  let cleaned = text.replace(/[\s\u00a0\u202f$]/g, '');
  if (/,\d{1,2}$/.test(cleaned) && !cleaned.includes('.')) cleaned = cleaned.replace(/,(\d{1,2})$/, '.$1');
  cleaned = cleaned.replace(/,/g, '');
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return undefined;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : undefined;
}
