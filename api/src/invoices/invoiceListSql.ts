import { type AuctionInvoiceRequest, type InvoiceState, InvoiceStatus } from '@auction/contract';
import { sql } from 'kysely';
import { byName, wordsMatching } from '../checkIn/guestSearch.ts';

/**
 * The SQL of the console's list of an auction's invoices (docs/console.md "Invoices"): what each
 * has been paid, the search, the states, the order. Over `invoices i JOIN users u` (the customer)
 * with `f.paid` beside them (`invoicesWithPaid`).
 */

/**
 * What invoice `i` has received: its card charges and its payments recorded by hand that stand
 * (not cancelled), not capped at its total. The console's list (`invoicesWithPaid`) and the
 * bidder's list (partly paid) both read it here.
 */
export const cardAndHandPaid = sql<number>`((SELECT coalesce(sum(a.amount), 0) FROM payment_attempts a
    WHERE a.invoice_id = i.id AND a.status = 'succeeded')
  + (SELECT coalesce(sum(p.amount), 0) FROM invoice_manual_payments p
    WHERE p.invoice_id = i.id AND p.cancelled_at IS NULL))`;

/**
 * Each invoice (`i`) with its customer (`u`) and what it has been paid (`f.paid`), where `where`
 * holds. Paid is all of it once Paid, else its card charges and the payments recorded by hand that
 * stand (not cancelled), at most its total: the list's answers, its filters, its order and the
 * auction's totals all read it here. It is computed once per invoice, in the lateral row `f`,
 * however often the filters and the order name `f.paid` (a bare subquery would be inlined and
 * run again at each mention).
 */
export const invoicesWithPaid = (where: ReturnType<typeof sql>) => sql`invoices i JOIN users u ON u.id = i.bidder_id
  CROSS JOIN LATERAL (SELECT (CASE WHEN i.status = ${InvoiceStatus.Paid} THEN i.total
    ELSE least(i.total, ${cardAndHandPaid}) END)::bigint AS paid) f
  WHERE ${where}`;

const DUE = sql`(i.total - f.paid)`;

const STATES = {
  paid: sql`${DUE} = 0`,
  partly: sql`(${DUE} > 0 AND f.paid > 0)`,
  unpaid: sql`(${DUE} > 0 AND f.paid = 0)`,
} as const satisfies Record<InvoiceState, unknown>;

/** Each invoice's state, by the same conditions the filter checks: what the list shows is what it filters. */
export const invoiceState = sql<InvoiceState>`CASE WHEN ${STATES.paid} THEN 'paid' WHEN ${STATES.partly} THEN 'partly' ELSE 'unpaid' END`;

/**
 * The search (its number, or every word in the customer's names or email, without case or
 * accents), the states checked and the "due" quick filter, all together.
 */
export function invoiceFilters(request: AuctionInvoiceRequest) {
  const conditions = [sql`true`];
  const q = request.q.replace(/^#(?=\d)/, '');
  if (/^\d{1,9}$/.test(q)) conditions.push(sql`(i.number::text LIKE ${`%${q}%`} OR ${wordsMatching(q)})`);
  else if (q !== '') conditions.push(wordsMatching(q));
  if (request.state.length > 0)
    conditions.push(
      sql`(${sql.join(
        request.state.map((state) => STATES[state]),
        sql` OR `,
      )})`,
    );
  if (request.quickFilters.includes('due')) conditions.push(sql`${DUE} > 0`);
  return sql.join(conditions, sql` AND `);
}

/** The sort column and way, then the number; customers by name as the guests' list sorts them. */
export function invoiceOrder(request: AuctionInvoiceRequest) {
  const way = request.direction === 'asc' ? sql`ASC` : sql`DESC`;
  const column = {
    number: sql`i.number ${way}`,
    customer: byName(way),
    total: sql`i.total ${way}`,
    due: sql`${DUE} ${way}`,
  }[request.sort];
  return sql`${column}, i.number ASC`;
}
