/**
 * An organisation's tax rates as people type them and as invoices apply them (docs/payments.md
 * "Taxes"). A rate is kept in millionths: 5 % is 50 000, 9.975 % is 99 750, so a percentage with
 * up to four decimals is a whole number and no invoice ever depends on a binary fraction.
 */

/** The most taxes one invoice lists: Canada's GST with a provincial tax, or the HST, fit well within. */
export const MAX_TAXES = 4;

const PPM_PER_PERCENT = 10_000;
const HUNDRED_PERCENT_PPM = 100 * PPM_PER_PERCENT;

/**
 * The millionths of a rate typed as a percentage ("5", "9.975", « 9,975 », "13 %"), or null when
 * it is not one: more than four decimals, zero, or above 100 %.
 */
export function ratePpmOf(typed: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,4}))?\s*%?$/.exec(typed.trim());
  if (!match) return null;
  const ppm = Number(match[1]) * PPM_PER_PERCENT + Number((match[2] ?? '').padEnd(4, '0'));
  return ppm > 0 && ppm <= HUNDRED_PERCENT_PPM ? ppm : null;
}

const MILLION = 1_000_000n;

/**
 * A tax on an amount in cents: amount × millionths / 1 000 000, rounded half up once, in BigInt so
 * no intermediate product loses a cent. Invoices apply it to their subtotal (docs/payments.md); the
 * console shows its operators the same figure before they save a rate.
 */
export function applyRatePpm(amount: number, ratePpm: number): number {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`invalid amount: ${amount}`);
  if (!Number.isSafeInteger(ratePpm) || ratePpm < 0) throw new RangeError(`invalid rate ${ratePpm}`);
  return Number((BigInt(amount) * BigInt(ratePpm) + MILLION / 2n) / MILLION);
}

/** The percentage of a rate in millionths, as invoices print it (99 750 is 9.975). */
export function percentOfPpm(ratePpm: number): number {
  return ratePpm / PPM_PER_PERCENT;
}
