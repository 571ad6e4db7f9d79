/** The largest total an invoice holds (`invoices.total` is a PostgreSQL integer of cents). */
const MAX_CENTS = 2_147_483_647;

/**
 * An amount as a bidder types it to find an invoice by its total ("57.49", « 57,49 $ », "$1,250",
 * "114"), in cents; null when the text is not one. A comma followed by two digits is French
 * cents, by three a thousands separator, as are spaces.
 */
export function amountCentsOf(text: string): number | null {
  const match = /^\$?\s*(\d{1,3}(?:[ ,\u00a0\u202f]\d{3})*|\d+)(?:[.,](\d{2}))?\s*\$?$/.exec(text.trim());
  if (!match) return null;
  const dollars = Number((match[1] ?? '').replace(/[ ,\u00a0\u202f]/g, ''));
  const cents = dollars * 100 + Number(match[2] ?? 0);
  return Number.isSafeInteger(cents) && cents > 0 && cents <= MAX_CENTS ? cents : null;
}
