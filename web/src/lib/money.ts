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

// What a bidder types as cents: one rule with the API's search by amount (contract/src/rules/amount.ts).
export { parseAmount } from '@auction/contract';
