import { operator } from '@auction/contract';
import { toMoney } from '../money.ts';
import type { AuctionPhotoRow, AuctionRow } from './auctionRepository.ts';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Spec 001 §3: an additional link gets an http prefix when it has none. */
export function withHttpPrefix(url: string | null): string | null {
  if (!url) return null;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://${url}`;
}

function photoDto(photo: AuctionPhotoRow) {
  return {
    id: photo.id,
    order: photo.order,
    fullPath: photo.full_path,
    interval: photo.interval,
    bannerType: photo.banner_type,
    videoUrl: photo.video_url,
    additionalLinkUrl: withHttpPrefix(photo.additional_link_url),
    isUsedInFrench: photo.is_used_in_french,
    isUsedInEnglish: photo.is_used_in_english,
    isUsedOnMobile: photo.is_used_on_mobile,
    isUsedOnComputer: photo.is_used_on_computer,
    isUsedAsBackgroundImage: photo.is_used_as_background_image,
    isVideoAlwaysOnTop: photo.is_video_always_on_top,
    isUsedAsBannerInLeaderboard: photo.is_used_as_banner_in_leaderboard,
  };
}
export type AuctionPhotoDto = ReturnType<typeof photoDto>;

/** Translations stored as `{ en, fr }` objects, given in the spec's list shape. */
function translationList(
  translations: Partial<Record<'en' | 'fr', string>>,
): Array<{ languageCode: 'en' | 'fr'; name: string }>;
function translationList<T extends object>(
  translations: Partial<Record<'en' | 'fr', T>>,
): Array<{ languageCode: 'en' | 'fr' } & T>;
function translationList(translations: Partial<Record<'en' | 'fr', string | object>>) {
  return (['en', 'fr'] as const).flatMap((languageCode) => {
    const value = translations[languageCode];
    if (value === undefined) return [];
    return [typeof value === 'string' ? { languageCode, name: value } : { languageCode, ...value }];
  });
}

type IntegrationFlag = (typeof operator.AUCTION_INTEGRATION_FLAGS)[number];
type IntegrationId = (typeof operator.AUCTION_INTEGRATION_IDS)[number];
export type Integrations = Partial<Record<IntegrationFlag, boolean> & Record<IntegrationId, string>>;

/**
 * The auction's integration flags and ids (spec 001 §3) out of stored ones: the known keys with a
 * value of their kind, nothing else. They sit flat beside the answer's own fields, so a key of
 * another name (stored before the keys were checked, migration 0041) must never reach the answer;
 * null, which an edit gives to remove one, goes with the rest.
 */
export function knownIntegrations(stored: Readonly<Record<string, unknown>>): Integrations {
  const kept: Record<string, string | boolean> = {};
  for (const key of operator.AUCTION_INTEGRATION_FLAGS) {
    const value = stored[key];
    if (typeof value === 'boolean') kept[key] = value;
  }
  for (const key of operator.AUCTION_INTEGRATION_IDS) {
    const value = stored[key];
    if (typeof value === 'string') kept[key] = value;
  }
  return kept as Integrations;
}

/**
 * The spec's Auction shape (spec 001 §3), every field; colours, footer and integrations are flat
 * as the spec lists them.
 */
export function toAuctionDto(row: AuctionRow) {
  return {
    // The stored settings first, so that none of their keys can ever replace a field of the
    // answer's own below (the public page would answer another organisation's name, or fail).
    ...row.colors,
    ...row.footer,
    ...knownIntegrations(row.integrations),
    id: row.id,
    status: row.status,
    urlMagicLink: row.url_magic_link,
    type: row.type,
    translations: row.translations,
    languages: row.languages,
    tabs: row.tabs.map((tab) => ({
      id: tab.id,
      order: tab.order,
      // A tab saved without a title or content answers them empty, as the contract's auctionTab has them.
      translations: translationList(tab.translations).map((text) => ({
        ...text,
        title: text.title ?? '',
        content: text.content ?? '',
      })),
    })),
    itemCategories: row.item_categories.map((c) => ({
      id: c.id,
      order: c.order,
      translations: translationList(c.translations),
    })),
    closingGroups: row.closing_groups.map((g) => ({
      id: g.id,
      isHiddenInMenu: g.isHiddenInMenu,
      dateCompleted: iso(g.dateCompleted),
      translations: translationList(g.translations),
    })),
    datePreOpen: iso(row.date_pre_open),
    dateOpen: iso(row.date_open),
    dateCompleted: iso(row.date_completed),
    completedDate: iso(row.completed_date),
    isAvailable: row.is_available,
    hideCountdown: row.hide_countdown,
    showAuctionCarousel: row.show_auction_carousel,
    allowAnonymousBidding: row.allow_anonymous_bidding,
    requireCCToBid: row.require_cc_to_bid,
    requireAddressToBid: row.require_address_to_bid,
    allowItemsManagementByTeam: row.allow_items_management_by_team,
    paymentType: row.payment_type,
    // What a confirmation may promise: a charge at the close only when the auction makes one, and
    // taxes on top of a purchase only when its organisation has any.
    chargeAutomaticallyAtCompletion: row.charge_automatically_at_completion,
    chargesTaxes: row.charges_taxes,
    allowProxyBidding: row.allow_proxy_bidding,
    billCreditCardFeesToClient: row.bill_credit_card_fees_to_client,
    billCreditCardFeesProvideReceipt: row.bill_credit_card_fees_provide_receipt,
    billCreditCardFeesMinimumAmount: toMoney(row.bill_credit_card_fees_minimum_amount, row.currency),
    // The one cards are added under for this auction, so the web app can open its checkout.
    stripeInformation_Id: row.payment_stripe_information_id,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    company_Id: row.company_id,
    currency: row.currency,
    donationType: row.donation_type,
    donationUrl: row.donation_url,
    donationAllowOtherAmount: row.donation_allow_other_amount,
    donations: row.donation_presets.map((preset) => ({
      id: preset.id,
      order: preset.order,
      amount: toMoney(preset.amount, row.currency),
      isOtherAmount: preset.is_other_amount,
    })),
    linkEnglish: row.link_english,
    linkFrench: row.link_french,
    bannerEnglish: row.banner_english ? { fullPath: row.banner_english } : null,
    bannerFrench: row.banner_french ? { fullPath: row.banner_french } : null,
    photos: row.photos.map(photoDto),
    clientTimeSynchronization: row.client_time_synchronization,
    lotCount: row.lot_count,
  };
}
export type AuctionDto = ReturnType<typeof toAuctionDto>;
