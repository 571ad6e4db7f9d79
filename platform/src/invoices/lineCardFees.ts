/**
 * Each line's part of its invoice's card fee: the fee in proportion of what the line cost with
 * its taxes among what all the invoice's lines cost with theirs, rounded down, so the parts never
 * add up to more than the fee (the cent or two of rounding, and the part of the fee's 1 dollar
 * minimum above 3.3 %, stay with the invoice as a whole). A refund naming a line may give its part
 * back: the bidder was charged the fee on that line too (docs/payments.md "A refund for one line").
 */
export function lineCardFees(lineCosts: readonly number[], cardFeeCents: number): number[] {
  const total = lineCosts.reduce((sum, cost) => sum + cost, 0);
  if (cardFeeCents <= 0 || total <= 0) return lineCosts.map(() => 0);
  // In BigInt: a fee of a few hundred dollars times a cost of thousands is past 2^53 cents².
  return lineCosts.map((cost) => Number((BigInt(cardFeeCents) * BigInt(cost)) / BigInt(total)));
}
