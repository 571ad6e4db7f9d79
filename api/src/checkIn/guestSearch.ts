import { type BidderListRequest, GuestArrival } from '@auction/contract';
import { sql } from 'kysely';

/**
 * The SQL of the guests' search, filters and sort (the console's bidders list and the door's
 * check-in), over `auction_bidders b JOIN users u`: names and emails compared folded, as
 * PostgreSQL keeps them in `users.search_key`.
 */

const ACCENTED = 'àâäáãéèêëíìîïóòôöõúùûüçñÿœæ';
const PLAIN = 'aaaaaeeeeiiiiooooouuuucnyoa';

/** Lower case without French accents, in SQL (no extension needed): as migration 0035 folds `users.search_key`. */
const fold = (expr: ReturnType<typeof sql>) => sql`translate(lower(${expr}), ${ACCENTED}, ${PLAIN})`;

/**
 * Letters of a name without case or accents, a phone's digits, and a bidder number typed alone, so
 * "Éloïse", "514 555" and "42" (the paddle the auctioneer called) all match.
 */
export function matching(search: string) {
  const q = search.replace(/^#(?=\d)/, '');
  if (q === '') return sql`true`;
  if (/^\d{1,6}$/.test(q)) {
    const byNumber = sql`b.bidder_number = ${Number(q)}`;
    return q.length >= 3 ? sql`(${byNumber} OR u.phone_number LIKE ${`%${q}%`})` : byNumber;
  }
  const digits = q.replace(/\D/g, '');
  const byWords = wordsMatching(q);
  return digits.length >= 3 ? sql`(${byWords} OR u.phone_number LIKE ${`%${digits}%`})` : byWords;
}

/**
 * Every word typed found in the account's names or email, without case or accents
 * (`users.search_key`, as `u`): the guests' search and the invoices' customers.
 */
export function wordsMatching(q: string) {
  const words = q
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (words.length === 0) return sql`true`;
  return sql`(${sql.join(
    words.map((word) => sql`u.search_key LIKE ${fold(sql`${word}`)}`),
    sql` AND `,
  )})`;
}

/** The list table's filters but the search, all together (a checkbox group left empty keeps every row). */
export function filtered(request: BidderListRequest) {
  const arrivals = new Set(request.arrival);
  if (request.quickFilters.includes('arrived')) {
    // The quick filter narrows whatever the arrival checkboxes kept: "waiting" and "arrived" at once is no one.
    if (arrivals.size > 0 && !arrivals.has(GuestArrival.Arrived)) return sql`false`;
    arrivals.clear();
    arrivals.add(GuestArrival.Arrived);
  }
  const conditions = [matching(request.q)];
  if (request.status.length > 0) conditions.push(sql`b.status IN (${sql.join(request.status.map(Number))})`);
  if (arrivals.size === 1)
    conditions.push(arrivals.has(GuestArrival.Arrived) ? sql`b.arrived_at IS NOT NULL` : sql`b.arrived_at IS NULL`);
  return sql.join(conditions, sql` AND `);
}

const ASC = sql`ASC`;
const DESC = sql`DESC`;

/** Names sort as people read them: without case or accents ("Émond" beside "Emery"), by last name. */
export const byName = (way: typeof ASC) =>
  sql`${fold(sql`u.last_name`)} ${way}, ${fold(sql`u.first_name`)} ${way}, u.id ${way}`;

/** The list by name, A to Z: the check-in's order, and the bidders list's unless sorted otherwise. */
export const nameOrder = byName(ASC);

/** The sort column and way, then the name; guests not arrived yet come last whichever way. */
export function ordered(request: BidderListRequest) {
  const way = request.direction === 'asc' ? ASC : DESC;
  if (request.sort === 'status') return sql`b.status ${way}, ${byName(ASC)}`;
  if (request.sort === 'arrival') return sql`b.arrived_at ${way} NULLS LAST, ${byName(ASC)}`;
  return byName(way);
}
