import { parseAmount } from '@auction/contract';

/** The largest total an invoice holds (`invoices.total` is a PostgreSQL integer of cents). */
const MAX_CENTS = 2_147_483_647;

/**
 * The total a search text names ("57.49", « 57,49 $ », "$1,250"), in cents, read as the app's
 * amount fields read what is typed; null when the text is not an amount an invoice can have.
 */
export function amountCentsOf(text: string): number | null {
  const cents = parseAmount(text.trim());
  return cents !== undefined && cents > 0 && cents <= MAX_CENTS ? cents : null;
}
