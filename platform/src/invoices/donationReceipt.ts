import { applyRatePpm } from './invoiceArithmetic.ts';

/**
 * Which paid invoices earn an official donation receipt, and for how much (spec 000 §9; docs/payments.md
 * "Donation receipts"). Pure, integer cents.
 *
 * - A donation line is a gift of its whole amount.
 * - A lot (or purchase) line is a gift of what was paid above its fair market value (the lot's
 *   `valuation`, per unit): quantity × (unit price − valuation) when positive. A lot without a
 *   valuation earns nothing: with no fair market value the gift cannot be stated.
 * - Taxes and the card fee are not gifts.
 * - A receipt is issued when the eligible amount reaches the auction's minimum (and is above 0).
 */

export interface ReceiptLine {
  kind: 'lot' | 'purchase' | 'donation';
  quantity: number;
  unitPrice: number;
  amount: number;
  /** The lot's fair market value per unit in cents; null when the lot has none. */
  valuation: number | null;
}

export interface ReceiptFigures {
  /** What the donor paid for the lines (before taxes and fee). */
  amountReceived: number;
  /** The fair market value of what the donor received in return. */
  fairMarketValue: number;
  /** amountReceived − fairMarketValue over the eligible lines. */
  eligibleAmount: number;
}

/** The eligible amount of an invoice's lines. */
export function receiptFigures(lines: readonly ReceiptLine[]): ReceiptFigures {
  let amountReceived = 0;
  let fairMarketValue = 0;
  let eligibleAmount = 0;
  for (const line of lines) {
    if (line.kind === 'donation') {
      amountReceived += line.amount;
      eligibleAmount += line.amount;
      continue;
    }
    if (line.valuation === null || line.valuation < 0) continue;
    const value = line.quantity * line.valuation;
    if (line.amount <= value) continue;
    amountReceived += line.amount;
    fairMarketValue += value;
    eligibleAmount += line.amount - value;
  }
  return { amountReceived, fairMarketValue, eligibleAmount };
}

/** Whether the figures earn a receipt under the auction's minimum (in cents). */
export function earnsReceipt(figures: ReceiptFigures, minimumCents: number): boolean {
  return figures.eligibleAmount > 0 && figures.eligibleAmount >= minimumCents;
}

/**
 * The figures of a receipt once `refundedCents` went back to the donor. A refund cannot be told
 * apart by line (it is an amount on the card), so it comes out of the gift first: the receipt
 * never states a gift larger than what the donor left with the charity above what they received.
 * The fair market value stays, since the donor keeps what they received unless told otherwise.
 */
export function figuresAfterRefunds(figures: ReceiptFigures, refundedCents: number): ReceiptFigures {
  const refunded = Math.max(0, refundedCents);
  const eligibleAmount = Math.max(0, figures.eligibleAmount - refunded);
  return {
    amountReceived: Math.max(0, figures.amountReceived - refunded),
    fairMarketValue: figures.fairMarketValue,
    eligibleAmount,
  };
}

/**
 * A line of a paid invoice as a refund may name it: its receipt figures and what it cost with its
 * taxes and its part of the card fee.
 */
export interface RefundableLine extends ReceiptLine {
  /** The invoice line's id (`invoice_items.line_id`). */
  id: string;
  /**
   * The line's amount with the invoice's taxes on it and its part of the card fee (`lineCardFees`):
   * the most a refund naming it gives back.
   */
  costCents: number;
}

/** What a line cost with its taxes: each of the invoice's rates applied to its amount, rounded half up. */
export function lineCost(amount: number, taxRatesPpm: readonly number[]): number {
  return taxRatesPpm.reduce((cost, ratePpm) => cost + applyRatePpm(amount, ratePpm), amount);
}

/** The succeeded refunds of an invoice: those naming the line they took back, and the rest. */
export interface ReceiptRefunds {
  /** Cents refunded per line id. */
  byLine: ReadonlyMap<string, number>;
  /** Cents refunded without naming a line. */
  unattributed: number;
}

/**
 * The figures of a receipt once refunds went back to the donor, when some name the line they took
 * back (a lot not delivered, a purchase returned). Such a refund comes out of that line's amount,
 * in proportion of what the line cost with its taxes and fee (rounded up, so the gift is never
 * overstated); a line refunded whole leaves the receipt with its fair market value (the donor kept
 * nothing of it), and the other lines' gifts stand. A refund naming no line comes out of the gift
 * first, as `figuresAfterRefunds` says.
 */
export function figuresAfterLineRefunds(lines: readonly RefundableLine[], refunds: ReceiptRefunds): ReceiptFigures {
  const kept = lines.flatMap((line) => {
    const refunded = Math.max(0, refunds.byLine.get(line.id) ?? 0);
    if (refunded === 0) return [line];
    const amount = line.amount - Math.min(line.amount, shareOf(refunded, line.amount, line.costCents));
    return amount > 0 ? [{ ...line, amount }] : [];
  });
  return figuresAfterRefunds(receiptFigures(kept), refunds.unattributed);
}

/** refunded × amount / cost, rounded up, in BigInt: the part of a refund that was the line's amount. */
function shareOf(refunded: number, amount: number, cost: number): number {
  if (cost <= 0) return refunded;
  const product = BigInt(refunded) * BigInt(amount);
  const cents = (product + BigInt(cost) - 1n) / BigInt(cost);
  return Number(cents);
}
