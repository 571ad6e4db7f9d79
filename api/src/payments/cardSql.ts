/**
 * SQL fragments of the card rules for statements that read cards beside other things (the bid
 * path's one statement, lots/bidContext.ts), so the rules are written once.
 */

/** The payment configuration an auction charges through: its own, else its organisation's company's first. */
export function auctionStripeInformationSql(auction: string): string {
  return `COALESCE(${auction}.stripe_information_id, (SELECT si.id FROM stripe_informations si
    WHERE si.company_id = (SELECT o.company_id FROM organizations o WHERE o.id = ${auction}.organization_id)
    ORDER BY si.id LIMIT 1))`;
}

/**
 * A usable card (spec 000 §4): active at Stripe, not refused or declined, not expired this month.
 * `pm` is payment_methods, `pi` its payment_informations row.
 */
export const USABLE_CARD_SQL = `pm.state = 'active'
  AND (pm.exp_year, pm.exp_month) >= (extract(year FROM now())::int, extract(month FROM now())::int)`;

/** The user's usable cards of the auction's configuration: `SELECT … FROM` + this. */
export function usableCardsOfSql(auction: string, user: string): string {
  return `payment_methods pm JOIN payment_informations pi ON pi.id = pm.payment_information_id
    WHERE pi.user_id = ${user} AND pi.stripe_information_id = ${auctionStripeInformationSql(auction)}
      AND ${USABLE_CARD_SQL}`;
}

/**
 * What permission to bid rules 2 and 3 read of a user's cards for an auction, as one JSON value:
 * how many usable cards, the lowest one's id, whether a usable one is selected for the auction,
 * and whether any is. `cardPermission` (cardRules.ts) decides on it.
 */
export function cardSummarySql(auction: string, user: string): string {
  return `(SELECT json_build_object('usable', count(*), 'single', min(pm.id),
      'selected', bool_or(EXISTS (SELECT 1 FROM auction_payment_methods apm
        WHERE apm.user_id = ${user} AND apm.auction_id = ${auction}.id AND apm.payment_method_id = pm.id)),
      'any_selection', EXISTS (SELECT 1 FROM auction_payment_methods apm
        WHERE apm.user_id = ${user} AND apm.auction_id = ${auction}.id))
    FROM ${usableCardsOfSql(auction, user)})`;
}
