import { type Cents, formatMoney } from '@auction/engine';

/**
 * Spec 001 §1: prices are in CAD; a bidder whose preferred currency is USD also sees an
 * approximate converted amount, the CAD base rate times the amount, with 2 decimals. The amount
 * stays `{ value, currencyCode: 'CAD' }` (what is bid and invoiced); the conversion sits beside it
 * as `convertedValue` and `convertedCurrencyCode` (docs/donations.md).
 */
export interface CurrencyView {
  /** The currency the reader prefers. */
  currencyCode: 'CAD' | 'USD';
  /** CAD→USD. */
  cadToUsdRate: number;
}

export const CAD_VIEW: CurrencyView = { currencyCode: 'CAD', cadToUsdRate: 1 };

export interface Money {
  value: number;
  currencyCode: string;
  convertedValue?: number;
  convertedCurrencyCode?: 'USD';
}

/** The rate to a millionth, so the product of integers stays exact; rounded half up to the cent. */
export function convertCents(cents: Cents, rate: number): Cents {
  const micros = BigInt(Math.round(rate * 1_000_000));
  return Number((BigInt(cents) * micros + 500_000n) / 1_000_000n);
}

/** The spec's money, with the converted amount when the reader prefers USD. */
export function moneyIn(view: CurrencyView, cents: Cents): Money;
export function moneyIn(view: CurrencyView, cents: Cents | null): Money | null;
export function moneyIn(view: CurrencyView, cents: Cents | null): Money | null {
  if (cents === null) return null;
  const money: Money = { value: Number(formatMoney(cents)), currencyCode: 'CAD' };
  if (view.currencyCode !== 'USD') return money;
  return {
    ...money,
    convertedValue: Number(formatMoney(convertCents(cents, view.cadToUsdRate))),
    convertedCurrencyCode: 'USD',
  };
}
