import { AuctionStatus, BidderStatus } from '@auction/contract';
import type { Db } from '@auction/platform';
import { sql } from 'kysely';
import { visibleAuctionSql } from '../authorization/auctionAccess.ts';
import { formatPhone } from './phone.ts';
import { Role } from './roles.ts';
import type { UserRow } from './userRepository.ts';

const LANGUAGES = {
  en: { value: 1, code: 'en', name: 'English' },
  fr: { value: 2, code: 'fr', name: 'Français' },
} as const;

export function bidderDto(user: UserRow) {
  return {
    firstName: user.first_name,
    lastName: user.last_name,
    business: user.business,
    nickName: user.nick_name,
    email: user.username,
    phoneNumber: user.phone_number ? formatPhone(user.phone_number) : null,
    phoneNumberConfirmed: user.phone_number_confirmed,
    preferredLanguage: user.preferred_language,
    preferredCurrencyCode: user.preferred_currency_code,
    address: user.address,
    apartment: user.apartment,
    city: user.city,
    postalCode: user.postal_code,
    province: user.province,
    provinceEnum: user.province_enum,
    country: user.country,
    addressCompleted: isAddressCompleted(user),
    smsGeneralNotifications: user.sms_general_notifications,
    emailGeneralNotifications: user.email_general_notifications,
    smsOutbidNotifications: user.sms_outbid_notifications,
    emailOutbidNotifications: user.email_outbid_notifications,
    sentStopDate: user.sent_stop_date ? new Date(user.sent_stop_date).toISOString() : null,
  };
}

export function isAddressCompleted(
  user: Pick<UserRow, 'address' | 'city' | 'postal_code' | 'province' | 'country'>,
): boolean {
  return Boolean(user.address && user.city && user.postal_code && user.province && user.country);
}

/**
 * The profile the login (token call) answers and the app keeps: spec 000 §3's Account fields.
 * activeUrlMagicLinks are the open auctions the bidder takes part in (not locked);
 * activeTrustedUrlMagicLinks the auctions the user manages, which they may see before they open.
 */
export async function profileOf(db: Db, user: UserRow) {
  const participating = await db
    .selectFrom('auction_bidders')
    .innerJoin('auctions as a', 'a.id', 'auction_bidders.auction_id')
    .select('a.url_magic_link')
    .where('auction_bidders.user_id', '=', user.id)
    .where('auction_bidders.status', '!=', BidderStatus.Locked)
    .where('a.status', 'in', [AuctionStatus.PreOpen, AuctionStatus.Active])
    // A bidder row alone does not open a private auction (admission does): its link, which is
    // all its privacy is, is not told to someone who could not open it.
    .where(visibleAuctionSql(user.id))
    .orderBy('a.date_completed', 'desc')
    .execute();
  let trusted: string[] = [];
  if (user.roles.includes(Role.Administrator)) {
    trusted = (
      await db
        .selectFrom('auctions')
        .select('url_magic_link')
        .where('status', 'in', [AuctionStatus.Planning, AuctionStatus.PreOpen, AuctionStatus.Active])
        .orderBy('date_completed', 'desc')
        .execute()
    ).map((a) => a.url_magic_link);
  } else if (user.roles.includes(Role.AuctionManager)) {
    trusted = (
      await db
        .selectFrom('auctions')
        .innerJoin('organization_users', 'organization_users.organization_id', 'auctions.organization_id')
        .select('auctions.url_magic_link')
        .where('organization_users.user_id', '=', user.id)
        // Trusted where they manage, not where they only volunteer or audit (docs/security.md).
        .where(sql<boolean>`${Role.AuctionManager}::smallint = ANY(organization_users.roles)`)
        .where('auctions.status', 'in', [AuctionStatus.Planning, AuctionStatus.PreOpen, AuctionStatus.Active])
        .orderBy('auctions.date_completed', 'desc')
        .execute()
    ).map((a) => a.url_magic_link);
  }
  return {
    id: user.id,
    username: user.username,
    isLoggedIn: true as const,
    hasTemporaryPassword: user.has_temporary_password,
    roles: user.roles.map((role) => ({ role })),
    activeUrlMagicLinks: participating.map((a) => a.url_magic_link),
    activeTrustedUrlMagicLinks: trusted,
    // Kept empty in the spec's shape: cards and payment information have calls of their own
    // (GET /api/payment-informations, /api/payment-methods; docs/payments.md), read when shown.
    paymentInformations: [] as unknown[],
    paymentInformation: null,
    preferredLanguage: LANGUAGES[user.preferred_language],
    addressCompleted: isAddressCompleted(user),
    bidder: bidderDto(user),
  };
}
