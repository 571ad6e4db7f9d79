/** An amount of money in integer cents: floats never hold money, so sums and comparisons stay exact. */
export type Cents = number;

const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Reads "10", "10.5" or "10.50" digit by digit. A leading minus is accepted so that callers can
 * tell a negative amount (a refusal) from text that is not an amount at all (null).
 */
export function parseMoney(s: string): Cents | null {
  const match = DECIMAL.exec(s);
  if (match === null) return null;
  const [, sign, units = '', fraction = ''] = match;
  const cents = Number(units) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return sign === '-' && cents !== 0 ? -cents : cents;
}

export function formatMoney(c: Cents): string {
  const magnitude = Math.abs(c);
  const fraction = magnitude % 100;
  // Subtracting the remainder first keeps the division exact for every safe integer.
  const units = (magnitude - fraction) / 100;
  return `${c < 0 ? '-' : ''}${units}.${String(fraction).padStart(2, '0')}`;
}
