import { BidderStatus } from '@auction/contract';
import type { DonationAuction } from '@auction/engine';
import type { Db } from '@auction/platform';
import { sql } from 'kysely';
import { isAddressCompleted } from '../accounts/profile.ts';
import { admittedSql, memberRolesSql, type Viewer } from '../authorization/auctionVisibility.ts';
import { mayAct } from '../authorization/organizationRules.ts';

export interface DonationAuctionRow extends DonationAuction {
  organizationId: number;
  /** Spec 001 §3: Public 1, PrivateEvent 2. */
  type: number;
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
      'a.type',
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
    type: row.type,
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
    .innerJoin('auctions as a', (join) => join.on('a.id', '=', auction.id))
    .select([
      'u.roles',
      'u.address',
      'u.city',
      'u.postal_code',
      'u.province',
      'u.country',
      sql<boolean>`EXISTS (SELECT 1 FROM auction_bidders b WHERE b.auction_id = ${auction.id}
        AND b.user_id = u.id AND b.status = ${BidderStatus.Locked})`.as('locked'),
      sql<number[] | null>`${sql.raw(memberRolesSql('a.organization_id', 'u.id'))}`.as('member_roles'),
      sql<boolean>`${sql.raw(admittedSql('a.id', 'u.id'))}`.as('admitted'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
  const viewer: Viewer = { roles: row.roles, memberRoles: row.member_roles, admitted: row.admitted };
  return {
    roles: row.roles,
    addressCompleted: isAddressCompleted(row),
    locked: row.locked,
    manages: mayAct(row.roles, row.member_roles, 'manage'),
    viewer,
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
