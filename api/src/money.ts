import { DEFAULT_CURRENCY, MAX_AMOUNT_CENTS } from '@auction/contract';
import { type Cents, formatMoney, parseMoney } from '@auction/engine';
import { z } from 'zod';

/** Spec money at the edge: `{ value, currencyCode }` with 2 decimals; cents inside (DESIGN.md §2). */
export function toMoney(cents: Cents, currencyCode?: string): Money;
export function toMoney(cents: Cents | null, currencyCode?: string): Money | null;
export function toMoney(cents: Cents | null, currencyCode = 'CAD'): Money | null {
  return cents === null ? null : { value: Number(formatMoney(cents)), currencyCode };
}

type Money = { value: number; currencyCode: string };

/** Plain digits with at most 2 decimals: "25", "25.5", "25.50". */
const PLAIN_AMOUNT = /^\d+(\.\d{1,2})?$/;
/**
 * Thousands grouped by commas, three digits after each: "1,250" or "1,250.50". Any other comma is
 * refused rather than deleted: "12,50" is a French decimal comma, and reading it as 1250.00 would
 * bid a hundred times what the person meant; a decimal comma is never guessed either.
 */
const GROUPED_AMOUNT = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/;

/**
 * An amount's text as cents, or null when it is not a positive amount with at most 2 decimals
 * within the platform's ceiling (MAX_AMOUNT_CENTS).
 */
export function centsOfAmountText(text: string): Cents | null {
  const trimmed = text.trim();
  const digits = PLAIN_AMOUNT.test(trimmed)
    ? trimmed
    : GROUPED_AMOUNT.test(trimmed)
      ? trimmed.replaceAll(',', '')
      : null;
  const cents = digits === null ? null : parseMoney(digits);
  return cents !== null && cents > 0 && cents <= MAX_AMOUNT_CENTS ? cents : null;
}

/** An amount as a client sends it; `{ value, currencyCode }` is the spec's money. */
const amountSent = z.union([
  z.number(),
  z.string().max(32),
  z.object({ value: z.union([z.number(), z.string().max(32)]), currencyCode: z.string().max(8).optional() }),
]);

/**
 * An amount as given: its cents, and the currency it was given in when the client named one (a
 * bidder's client echoing a converted amount names USD). The caller that knows the auction refuses
 * any other currency than the auction's (`invalid_currency`) rather than reading it as the auction's.
 */
export const givenAmount = amountSent.transform((input, ctx): { cents: Cents; currencyCode: string | null } => {
  const raw = typeof input === 'object' ? input.value : input;
  const cents = centsOfAmountText(String(raw));
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: 'invalid_amount' });
    return z.NEVER;
  }
  return { cents, currencyCode: typeof input === 'object' ? (input.currencyCode ?? null) : null };
});

/**
 * An amount typed by a person or sent by a client: 25, 25.5, "25.50", "1,250.00" or { value },
 * positive, at most 2 decimals and MAX_AMOUNT_CENTS; `invalid_amount` otherwise. A currency named
 * beside it must be the platform's (CAD, spec 001 §9 "prices are in CAD"); the bid path, which knows
 * the auction, reads `givenAmount` and checks the auction's own.
 */
export const amountInCents = givenAmount.transform((amount, ctx): Cents => {
  if (amount.currencyCode !== null && amount.currencyCode !== DEFAULT_CURRENCY) {
    ctx.addIssue({ code: 'custom', message: 'invalid_currency' });
    return z.NEVER;
  }
  return amount.cents;
});
