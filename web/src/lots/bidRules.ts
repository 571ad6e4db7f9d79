import { toCents } from '../lib/money.ts';
import type { Lot } from './types.ts';

/** Spec 001 §9: a bid of at least 4 times the last bid is "really big". */
export const REALLY_BIG_BID_FACTOR = 4;
/** Spec 001 §9: payment type 2 means manual payment confirmation. */
export const MANUAL_PAYMENT_TYPE = 2;

type PricedLot = Pick<Lot, 'lastBid' | 'startingBid' | 'minimumIncrement' | 'bidCount'>;

function lastBidCents(lot: PricedLot): number | null {
  return lot.bidCount > 0 ? toCents(lot.lastBid) : null;
}

/** Spec 001 §5: last bid plus the increment, or the starting bid when nobody has bid. */
export function minimumBid(lot: PricedLot): number {
  const last = lastBidCents(lot);
  const increment = toCents(lot.minimumIncrement) ?? 0;
  if (last !== null) return last + increment;
  return toCents(lot.startingBid) ?? increment;
}

/** On blur an amount below the minimum is raised to it. */
export function raiseToMinimum(amount: number | undefined, lot: PricedLot): number {
  const minimum = minimumBid(lot);
  return amount === undefined || amount < minimum ? minimum : amount;
}

export function stepUp(amount: number, lot: PricedLot): number {
  return amount + (toCents(lot.minimumIncrement) ?? 0);
}

/** Minus steps down by the increment but never below the minimum allowed bid. */
export function stepDown(amount: number, lot: PricedLot): number {
  return Math.max(amount - (toCents(lot.minimumIncrement) ?? 0), minimumBid(lot));
}

export type BidWarning = 'really_big_bid' | 'confirm_already_winning_bid_explained';

export function bidWarnings(amount: number, lot: PricedLot, isWinning: boolean): BidWarning[] {
  const warnings: BidWarning[] = [];
  const last = lastBidCents(lot);
  if (last !== null && last > 0 && amount >= last * REALLY_BIG_BID_FACTOR) warnings.push('really_big_bid');
  if (isWinning) warnings.push('confirm_already_winning_bid_explained');
  return warnings;
}

/** A maximum bid must exceed the last bid (and reach the minimum the engine asks for). */
export function isMaxBidHighEnough(amount: number, lot: PricedLot): boolean {
  const last = lastBidCents(lot);
  return amount >= minimumBid(lot) && (last === null || amount > last);
}

/** Manual payment wording when the auction says so or the user organises it (a trusted link). */
export function isManualPayment(
  paymentType: number | undefined,
  urlMagicLink: string,
  trustedLinks: readonly string[],
) {
  const link = urlMagicLink.toLowerCase();
  return paymentType === MANUAL_PAYMENT_TYPE || trustedLinks.some((trusted) => trusted.toLowerCase() === link);
}

/** Spec 001 §5: the largest quantity the user may buy now, at least 0. */
export function maxQuantity(lot: Pick<Lot, 'maxPerBidder' | 'remainingQuantity'>, owned: number): number {
  const byBidder = lot.maxPerBidder ? lot.maxPerBidder - owned : Number.POSITIVE_INFINITY;
  const remaining = lot.remainingQuantity ?? Number.POSITIVE_INFINITY;
  const limit = Math.min(byBidder, remaining);
  return Number.isFinite(limit) ? Math.max(0, limit) : 999;
}

/** A whole number from 1 to the allowed maximum; otherwise reset to 1 with invalid_donation_quantity. */
export function checkQuantity(text: string, maximum: number): { quantity: number; error: boolean } {
  const quantity = Number(text);
  if (Number.isInteger(quantity) && quantity >= 1 && quantity <= maximum) return { quantity, error: false };
  return { quantity: 1, error: true };
}
