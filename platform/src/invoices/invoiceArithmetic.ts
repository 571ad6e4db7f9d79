import { applyRatePpm } from '@auction/contract';
import type { Translations } from '../schema.ts';

/**
 * What an invoice adds up to, in integer cents (spec 000 §9, DESIGN.md §7 "Money"). Pure: the
 * workers generate invoices with it and the API answers the same figures.
 *
 * - The subtotal is the sum of the lines (lots won, purchases, or donations).
 * - Each tax is the organisation's rate applied once to the subtotal, rounded half up once. A
 *   donation invoice carries no tax: a gift is not a taxable supply.
 * - The card fee, when billed (the auction bills card fees to the client and the bidder accepted
 *   them), is 3.3 % of the purchases with their tax, rounded half up once, and at least 1 dollar.
 * - The total is the subtotal, the taxes and the fee: exactly the sum of what the invoice lists.
 */

/**
 * A tax rate in millionths (parts per million): 5 % is 50 000, 9.975 % is 99 750. Its names, one
 * per language, are carried through to the invoice as they are.
 */
export interface TaxRate {
  names: Translations;
  ratePpm: number;
}

export interface TaxAmount {
  names: Translations;
  ratePpm: number;
  amount: number;
}

export interface InvoiceFigures {
  subtotal: number;
  taxes: TaxAmount[];
  cardFee: number;
  total: number;
}

/** Spec 000 §9: the card fee is 3.3 % … */
export const CARD_FEE_RATE_PPM = 33_000;
/** … and at least 1 dollar. */
export const CARD_FEE_MINIMUM_CENTS = 100;

/** The contract's, so the console's preview of a rate and the invoices round alike. */
export { applyRatePpm };

export function invoiceFigures(input: {
  lineAmounts: readonly number[];
  taxRates: readonly TaxRate[];
  isDonation: boolean;
  billCardFee: boolean;
}): InvoiceFigures {
  const subtotal = input.lineAmounts.reduce((sum, amount) => {
    assertCents(amount, 'line amount');
    return sum + amount;
  }, 0);
  assertCents(subtotal, 'subtotal');
  const taxes = input.isDonation
    ? []
    : input.taxRates.map((tax) => ({
        names: tax.names,
        ratePpm: tax.ratePpm,
        amount: applyRatePpm(subtotal, tax.ratePpm),
      }));
  const taxed = subtotal + taxes.reduce((sum, tax) => sum + tax.amount, 0);
  const cardFee =
    input.billCardFee && subtotal > 0 ? Math.max(CARD_FEE_MINIMUM_CENTS, applyRatePpm(taxed, CARD_FEE_RATE_PPM)) : 0;
  return { subtotal, taxes, cardFee, total: taxed + cardFee };
}

function assertCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`invalid ${what}: ${value}`);
}
