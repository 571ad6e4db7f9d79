/**
 * A sum of cents computed by PostgreSQL, as a number the answers' integer schemas accept. A sum of
 * integer columns is a `numeric` (or a `bigint`) and arrives as text; read as a plain `Number`, a
 * sum beyond 2^53 − 1 is inexact and the answer's `z.number().int()` refuses it, so a public page
 * (the projector) answered 500. Amounts are capped at MAX_AMOUNT_CENTS since, so the sums of real
 * data stay far below; what was stored before the cap saturates at the largest safe integer
 * instead of failing the page.
 */
const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

export function sumOfCents(...parts: Array<string | number | bigint | null | undefined>): number {
  let total = 0n;
  for (const part of parts) total += wholeCents(part);
  if (total > SAFE) return Number.MAX_SAFE_INTEGER;
  if (total < -SAFE) return -Number.MAX_SAFE_INTEGER;
  return Number(total);
}

/** One part as a bigint: its integer digits (a sum of integers has no fraction; one would be dropped). */
function wholeCents(part: string | number | bigint | null | undefined): bigint {
  if (part === null || part === undefined) return 0n;
  if (typeof part === 'bigint') return part;
  if (typeof part === 'number') return Number.isFinite(part) ? BigInt(Math.trunc(part)) : 0n;
  const digits = /^\s*(-?\d+)/.exec(part);
  return digits ? BigInt(digits[1] as string) : 0n;
}
