import { BidderStatus } from '@auction/contract';
import type pg from 'pg';
import type { AccountRow } from '../accounts/auth.ts';
import { admittedSql, mayViewAuction, memberRolesSql } from '../authorization/auctionVisibility.ts';
import { mayAct } from '../authorization/organizationRules.ts';
import { type CardSummary, cardPermission } from '../payments/cardRules.ts';
import { cardSummarySql } from '../payments/cardSql.ts';

/** The bidder's address as the users table keeps it: the auctions that require one read it (spec 001 §5). */
interface AddressColumns {
  address: string | null;
  city: string | null;
  postal_code: string | null;
  province: string | null;
  country: string | null;
}

/** What the bid path's checks need besides the token: the caller's account, the lot's auction, the bidder. */
export interface BidContextRow {
  account: AccountRow | undefined;
  /** Absent when the lot does not exist. */
  auction:
    | {
        id: number;
        status: number;
        url_magic_link: string;
        allow_anonymous_bidding: boolean;
        require_cc_to_bid: boolean;
        require_address_to_bid: boolean;
        /** The auction's currency: an amount given in another is refused (spec 001 §9). */
        currency: string;
        /** Whether the bidder may see it: false for a private auction they are not admitted to (authorization/). */
        visible: boolean;
      }
    | undefined;
  /** The user the command is for: the caller, or the user an administrator acts for. Absent when unknown. */
  bidder:
    | (AddressColumns & {
        id: string;
        roles: number[];
        /** Locked out of this auction by its organisation. */
        locked: boolean;
        /** Manages the auction's organisation (its links are trusted: spec 001 §5 rule 5). */
        manages: boolean;
        /** Has a usable card of the auction's payment configuration (spec 001 §5 rule 2); read only when the auction requires one. */
        has_cards: boolean;
        /**
         * Has one selected for the auction (rule 3), or exactly one usable card, which is then the
         * auto-selected one (`auto_selected_card`, recorded by the caller).
         */
        has_selected_card: boolean;
        auto_selected_card: number | null;
      })
    | undefined;
}

/**
 * Every bid, buy and max-bid change runs this once, so it is one round trip and a named statement
 * (parsed and planned once per connection): the account check of the token's user and the
 * lot's permission checks read in the same query instead of one query each. The account is the
 * driving row: an unknown account answers no row at all, whatever the lot.
 */
const BID_CONTEXT_QUERY = {
  name: 'bid-context',
  text: `SELECT
      acc.id, acc.roles, acc.disabled, acc.token_version, acc.has_temporary_password, acc.preferred_currency_code,
      au.id IS NOT NULL AS lot_found, au.id AS auction_id, au.status, au.url_magic_link, au.allow_anonymous_bidding,
      au.require_cc_to_bid, au.require_address_to_bid, au.currency, au.type,
      b.id AS bidder_id, b.roles AS bidder_roles, b.address, b.city, b.postal_code, b.province, b.country,
      EXISTS (SELECT 1 FROM auction_bidders ab WHERE ab.auction_id = au.id AND ab.user_id = b.id
        AND ab.status = ${BidderStatus.Locked}) AS locked,
      ${memberRolesSql('au.organization_id', 'b.id')} AS member_roles,
      ${admittedSql('au.id', 'b.id')} AS admitted,
      CASE WHEN au.require_cc_to_bid AND b.id IS NOT NULL THEN ${cardSummarySql('au', 'b.id')} END AS cards
    FROM users acc
    LEFT JOIN lots l ON l.id = $2
    LEFT JOIN auctions au ON au.id = l.auction_id
    LEFT JOIN users b ON b.id = $3
    WHERE acc.id = $1`,
};

interface Flat extends AccountRow, AddressColumns {
  lot_found: boolean;
  auction_id: number;
  status: number;
  url_magic_link: string;
  allow_anonymous_bidding: boolean;
  require_cc_to_bid: boolean;
  require_address_to_bid: boolean;
  currency: string;
  type: number;
  bidder_id: string | null;
  bidder_roles: number[];
  locked: boolean;
  /** The roles the bidder holds in the auction's organisation; null when not a member. */
  member_roles: number[] | null;
  admitted: boolean;
  /** Null unless the auction requires a card. */
  cards: CardSummary | null;
}

export async function bidContextOf(
  pool: pg.Pool,
  accountId: string,
  lotId: number,
  bidderId: string,
): Promise<BidContextRow> {
  const { rows } = await pool.query<Flat>({ ...BID_CONTEXT_QUERY, values: [accountId, lotId, bidderId] });
  const row = rows[0];
  if (!row) return { account: undefined, auction: undefined, bidder: undefined };
  return {
    account: {
      id: row.id,
      roles: row.roles,
      disabled: row.disabled,
      token_version: row.token_version,
      has_temporary_password: row.has_temporary_password,
      preferred_currency_code: row.preferred_currency_code,
    },
    auction: row.lot_found
      ? {
          id: row.auction_id,
          status: row.status,
          url_magic_link: row.url_magic_link,
          allow_anonymous_bidding: row.allow_anonymous_bidding,
          require_cc_to_bid: row.require_cc_to_bid,
          require_address_to_bid: row.require_address_to_bid,
          currency: row.currency,
          visible: mayViewAuction(
            { type: row.type },
            row.bidder_id ? { roles: row.bidder_roles, memberRoles: row.member_roles, admitted: row.admitted } : null,
          ),
        }
      : undefined,
    bidder: row.bidder_id
      ? {
          id: row.bidder_id,
          roles: row.bidder_roles,
          address: row.address,
          city: row.city,
          postal_code: row.postal_code,
          province: row.province,
          country: row.country,
          locked: row.locked,
          manages: mayAct(row.bidder_roles, row.member_roles, 'manage'),
          ...cardsOf(row.cards),
        }
      : undefined,
  };
}

/** Rules 2 and 3 as the bid path reads them (an auction not requiring a card reads none). */
function cardsOf(
  cards: Flat['cards'],
): Pick<NonNullable<BidContextRow['bidder']>, 'has_cards' | 'has_selected_card' | 'auto_selected_card'> {
  const permission = cardPermission(cards);
  return {
    has_cards: permission.hasCards,
    has_selected_card: permission.hasSelectedCard,
    auto_selected_card: permission.autoSelectedCard,
  };
}

/** Records the auto-selected card (the first bid of a bidder with one usable card and no selection). */
export async function recordAutoSelectedCard(
  pool: pg.Pool,
  bidderId: string,
  auctionId: number,
  paymentMethodId: number,
) {
  await pool.query({
    name: 'auto-select-card',
    text: `INSERT INTO auction_payment_methods (user_id, auction_id, payment_method_id, payment_information_id)
      SELECT $1, $2, pm.id, pm.payment_information_id FROM payment_methods pm WHERE pm.id = $3
      ON CONFLICT (user_id, auction_id) DO NOTHING`,
    values: [bidderId, auctionId, paymentMethodId],
  });
}
