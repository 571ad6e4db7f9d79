import type { Db } from '@auction/platform';
import { sql } from 'kysely';
import { isAddressCompleted } from '../accounts/profile.ts';
import { Role } from '../accounts/roles.ts';
import type { DonationAuction } from './donationDecision.ts';

const LOCKED = 3;

export interface DonationAuctionRow extends DonationAuction {
  organizationId: number;
  urlMagicLink: string;
  allowAnonymousBidding: boolean;
  requireCCToBid: boolean;
  requireAddressToBid: boolean;
  billCreditCardFeesToClient: boolean;
}

/** What a donation needs of its auction: its settings and presets, in one query. */
export async function donationAuction(db: Db, auctionId: number): Promise<DonationAuctionRow | undefined> {
  const row = await db
    .selectFrom('auctions as a')
    .select([
      'a.id',
      'a.status',
      'a.organization_id',
      'a.url_magic_link',
      'a.allow_anonymous_bidding',
      'a.require_cc_to_bid',
      'a.require_address_to_bid',
      'a.bill_credit_card_fees_to_client',
      'a.donation_type',
      'a.donation_allow_other_amount',
      sql<number[]>`(SELECT coalesce(array_agg(d.amount ORDER BY d."order"), '{}') FROM donation_presets d
        WHERE d.auction_id = a.id AND d.amount IS NOT NULL)`.as('preset_amounts'),
    ])
    .where('a.id', '=', auctionId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    status: row.status,
    organizationId: row.organization_id,
    urlMagicLink: row.url_magic_link,
    allowAnonymousBidding: row.allow_anonymous_bidding,
    requireCCToBid: row.require_cc_to_bid,
    requireAddressToBid: row.require_address_to_bid,
    billCreditCardFeesToClient: row.bill_credit_card_fees_to_client,
    donationType: row.donation_type,
    donationAllowOtherAmount: row.donation_allow_other_amount,
    // bigint arrays arrive as text from PostgreSQL.
    presetAmounts: row.preset_amounts.map(Number),
  };
}

/** Who is donating, as spec 001 §5 asks: roles, address, locked in this auction, and whether it is their organisation's. */
export async function donorContext(db: Db, auction: DonationAuctionRow, userId: string) {
  const row = await db
    .selectFrom('users as u')
    .select([
      'u.roles',
      'u.address',
      'u.city',
      'u.postal_code',
      'u.province',
      'u.country',
      sql<boolean>`EXISTS (SELECT 1 FROM auction_bidders b WHERE b.auction_id = ${auction.id}
        AND b.user_id = u.id AND b.status = ${LOCKED})`.as('locked'),
      sql<boolean>`EXISTS (SELECT 1 FROM organization_users o WHERE o.organization_id = ${auction.organizationId}
        AND o.user_id = u.id)`.as('in_organization'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    roles: row.roles,
    addressCompleted: isAddressCompleted(row),
    locked: row.locked,
    manages: row.roles.includes(Role.Administrator) || (row.roles.includes(Role.AuctionManager) && row.in_organization),
  };
}

/** The bidder's standing donations to the auction (largest first) and their card-fee decision. */
export async function userDonations(db: Db, auctionId: number, userId: string) {
  const [rows, bidder] = await Promise.all([
    db
      .selectFrom('donations')
      .select(['donation_id', 'amount', 'donated_at'])
      .where('auction_id', '=', auctionId)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .orderBy('amount', 'desc')
      .orderBy('donated_at', 'desc')
      .orderBy('donation_id')
      .execute(),
    db
      .selectFrom('auction_bidders')
      .select('has_accepted_credit_card_fees')
      .where('auction_id', '=', auctionId)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  return { rows, feesAccepted: bidder?.has_accepted_credit_card_fees ?? null };
}
