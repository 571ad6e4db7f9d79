import { operator } from '@auction/contract';
import type { AuctionsTable } from '@auction/platform';
import type { Updateable } from 'kysely';
import { z } from 'zod';
import { amountInCents } from '../money.ts';
import { rowIdValue, text } from '../validation.ts';
import { changedColumns } from './changedColumns.ts';

const { color, isoDate, webLink } = operator;

export { isoDate };

export const COLOR_FIELDS = operator.AUCTION_COLOR_FIELDS;
export const FOOTER_FIELDS = operator.AUCTION_FOOTER_FIELDS;

/**
 * The analytics and pixel integrations an edit sets: each flag a boolean, each id text, and null
 * removes one (they are merged into what was stored, so there is no other way to take one out).
 * Any other key is refused (`unknown_field`): it would sit flat in the auction's answer.
 */
const integrationFields = z.strictObject({
  ...Object.fromEntries(operator.AUCTION_INTEGRATION_FLAGS.map((f) => [f, z.boolean().nullable().optional()])),
  ...Object.fromEntries(operator.AUCTION_INTEGRATION_IDS.map((f) => [f, text(500).nullable().optional()])),
});

/**
 * A language banner's image address. Not held to `webLink`: an image is not followed, and it may be
 * one of the product's own (`/api/media/banners/…`, the demo's `/demo/…`).
 */
const imageAddress = z.string().trim().max(2000);
const link = webLink();

/** The footer's fields are free text but for its site, which visitors follow. */
const footerField = (name: (typeof FOOTER_FIELDS)[number]) =>
  name === 'footerUrl' ? webLink({ hostFirst: true }).optional() : text(2000).optional();

const auctionTranslation = z.strictObject({
  titleShort: text(200).min(1),
  description: text(20_000).optional(),
  teamAppellation: text(100).nullable().optional(),
});

/** A urlMagicLink is a path segment: letters, digits and dashes. */
export const urlMagicLink = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, 'invalid_url_magic_link');

/**
 * A donation button: an amount, or the "other amount" button where the donor types theirs. One
 * with neither would show donors a $0.00 choice, so it is refused.
 */
export const donationPreset = z
  .strictObject({
    amount: amountInCents.nullable().optional(),
    isOtherAmount: z.boolean().optional(),
  })
  .refine((preset) => preset.isOtherAmount === true || (preset.amount ?? null) !== null, {
    error: 'donation_preset_amount_required',
    path: ['amount'],
  });

/** Every auction field of spec 001 §3 an operator sets; all optional so one schema serves create and edit. */
export const auctionFields = z.strictObject({
  urlMagicLink: urlMagicLink.optional(),
  translations: z
    .strictObject({ en: auctionTranslation.optional(), fr: auctionTranslation.optional() })
    .refine((t) => t.en || t.fr, 'translation_required')
    .optional(),
  type: z.union([z.literal(1), z.literal(2)]).optional(),
  languages: z
    .array(z.union([z.literal(1), z.literal(2)]))
    .min(1)
    .max(2)
    .optional(),
  datePreOpen: isoDate.nullable().optional(),
  dateOpen: isoDate.nullable().optional(),
  dateCompleted: isoDate.nullable().optional(),
  isAvailable: z.boolean().optional(),
  hideCountdown: z.boolean().optional(),
  showAuctionCarousel: z.boolean().optional(),
  allowAnonymousBidding: z.boolean().optional(),
  requireCCToBid: z.boolean().optional(),
  requireAddressToBid: z.boolean().optional(),
  allowItemsManagementByTeam: z.boolean().optional(),
  paymentType: z.number().int().min(1).max(2).optional(),
  allowProxyBidding: z.boolean().optional(),
  billCreditCardFeesToClient: z.boolean().optional(),
  billCreditCardFeesProvideReceipt: z.boolean().optional(),
  billCreditCardFeesMinimumAmount: amountInCents.nullable().optional(),
  /** The smallest eligible amount a donation receipt is issued for, in cents (docs/payments.md). */
  donationReceiptMinimumCents: z.number().int().min(0).max(100_000_000).optional(),
  /** Charge each winner's selected card when the invoices are generated (docs/payments.md). */
  chargeAutomaticallyAtCompletion: z.boolean().optional(),
  stripeInformationId: rowIdValue.nullable().optional(),
  currency: z.enum(['CAD', 'USD']).optional(),
  donationType: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  donationUrl: link.nullable().optional(),
  donationAllowOtherAmount: z.boolean().optional(),
  donations: z.array(donationPreset).max(20).optional(),
  colors: z.strictObject(Object.fromEntries(COLOR_FIELDS.map((f) => [f, color.optional()]))).optional(),
  footer: z.strictObject(Object.fromEntries(FOOTER_FIELDS.map((f) => [f, footerField(f)]))).optional(),
  integrations: integrationFields.optional(),
  clientTimeSynchronization: z.boolean().optional(),
  linkEnglish: link.nullable().optional(),
  linkFrench: link.nullable().optional(),
  bannerEnglish: imageAddress.nullable().optional(),
  bannerFrench: imageAddress.nullable().optional(),
  /** The secret of a private auction's link (`?code=`); changing it stops the old links admitting anyone. */
  accessCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{12,64}$/, 'invalid_access_code')
    .optional(),
});
export type AuctionFields = z.output<typeof auctionFields>;

/** The columns the given fields set; absent fields are left as they are. */
export function auctionColumns(fields: AuctionFields): Updateable<AuctionsTable> {
  const { columns, set } = changedColumns<AuctionsTable>();
  set('url_magic_link', fields.urlMagicLink);
  set('type', fields.type);
  set('languages', fields.languages);
  set('date_pre_open', fields.datePreOpen);
  set('date_open', fields.dateOpen);
  set('date_completed', fields.dateCompleted);
  set('is_available', fields.isAvailable);
  set('hide_countdown', fields.hideCountdown);
  set('show_auction_carousel', fields.showAuctionCarousel);
  set('allow_anonymous_bidding', fields.allowAnonymousBidding);
  set('require_cc_to_bid', fields.requireCCToBid);
  set('require_address_to_bid', fields.requireAddressToBid);
  set('allow_items_management_by_team', fields.allowItemsManagementByTeam);
  set('payment_type', fields.paymentType);
  set('allow_proxy_bidding', fields.allowProxyBidding);
  set('bill_credit_card_fees_to_client', fields.billCreditCardFeesToClient);
  set('bill_credit_card_fees_provide_receipt', fields.billCreditCardFeesProvideReceipt);
  set('bill_credit_card_fees_minimum_amount', fields.billCreditCardFeesMinimumAmount);
  set('donation_receipt_minimum_cents', fields.donationReceiptMinimumCents);
  set('charge_automatically_at_completion', fields.chargeAutomaticallyAtCompletion);
  set('stripe_information_id', fields.stripeInformationId);
  set('currency', fields.currency);
  set('donation_type', fields.donationType);
  set('donation_url', fields.donationUrl);
  set('donation_allow_other_amount', fields.donationAllowOtherAmount);
  set('client_time_synchronization', fields.clientTimeSynchronization);
  set('link_english', fields.linkEnglish);
  set('link_french', fields.linkFrench);
  set('banner_english', fields.bannerEnglish);
  set('banner_french', fields.bannerFrench);
  set('access_code', fields.accessCode);
  return columns;
}

/**
 * Spec 001 §4's countdown runs Planning → datePreOpen → dateOpen → dateCompleted, so the dates must
 * come in that order; a missing one is not compared.
 */
export function datesInOrder(dates: { datePreOpen: Date | null; dateOpen: Date | null; dateCompleted: Date | null }) {
  const known = [dates.datePreOpen, dates.dateOpen, dates.dateCompleted].filter((d): d is Date => d !== null);
  return known.every((date, i) => i === 0 || (known[i - 1] as Date) <= date);
}
