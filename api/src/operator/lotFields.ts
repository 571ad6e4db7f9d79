import { operator } from '@auction/contract';
import type { LotsTable } from '@auction/platform';
import type { Updateable } from 'kysely';
import { z } from 'zod';
import { amountInCents } from '../money.ts';
import { rowIdValue, text } from '../validation.ts';
import { isoDate } from './auctionFields.ts';
import { changedColumns } from './changedColumns.ts';

const lotTranslation = z.strictObject({
  name: text(300).min(1),
  description: text(50_000).optional(),
  information: text(50_000).optional(),
  shippingInformation: text(50_000).optional(),
});

export const lotPhoto = z.strictObject({
  fullPathLarge: z.string().trim().min(1).max(2000),
  fullPathMedium: z.string().trim().max(2000).optional(),
  description: text(500).nullable().optional(),
  // Capped like a banner's: an upload appends after the highest order (media/photoRules.ts).
  order: z.number().int().min(0).max(operator.MAX_PHOTO_ORDER).optional(),
});

const minutes = z
  .number()
  .int()
  .min(0)
  .max(24 * 60);
const count = z.number().int().min(1).max(1_000_000);

/**
 * Every lot field of spec 001 §3 an operator sets, optional so one schema serves create and edit.
 * Money fields are dollars with 2 decimals; `startingBid: null` (or 0) leaves a bidding lot without
 * a price, which refuses bids (item_no_price).
 */
export const lotFields = z.strictObject({
  lotNumber: z.number().int().min(0).max(1_000_000).optional(),
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
  translations: z
    .strictObject({ en: lotTranslation.optional(), fr: lotTranslation.optional() })
    .refine((t) => t.en || t.fr, 'translation_required')
    .optional(),
  startingBid: amountInCents.nullable().optional(),
  minimumIncrement: amountInCents.optional(),
  valuation: amountInCents.nullable().optional(),
  multiSalePrice: amountInCents.nullable().optional(),
  multiSaleQuantity: count.nullable().optional(),
  maxPerBidder: count.nullable().optional(),
  isDonation: z.boolean().optional(),
  isHidden: z.boolean().optional(),
  offeredBy: text(300).nullable().optional(),
  additionalInfoExternalUrl: operator.webLink().nullable().optional(),
  organizationTeamId: rowIdValue.nullable().optional(),
  auctionClosingGroupId: rowIdValue.nullable().optional(),
  itemCategoryIds: z.array(rowIdValue).max(50).optional(),
  dateCompleted: isoDate.optional(),
  allowsTimeExtension: z.boolean().optional(),
  extensionDurationInMinutes: minutes.optional(),
  extensionDurationMaximumMinutes: minutes.optional(),
  minutesLeftBeforeAllowingExtension: minutes.optional(),
  photos: z.array(lotPhoto).max(50).optional(),
});
export type LotFields = z.output<typeof lotFields>;

/** The fields the bidding rules read: once the lot's stream is open they change only through the engine. */
export const PRICING_FIELDS = [
  'startingBid',
  'minimumIncrement',
  'multiSalePrice',
  'multiSaleQuantity',
  'maxPerBidder',
] as const;

/** The reference columns the given fields set (texts, photos and categories live in their own tables). */
export function lotColumns(fields: LotFields): Updateable<LotsTable> {
  const { columns, set } = changedColumns<LotsTable>();
  set('lot_number', fields.lotNumber);
  set('type', fields.type);
  set('starting_bid', fields.startingBid);
  set('minimum_increment', fields.minimumIncrement);
  set('valuation', fields.valuation);
  set('multi_sale_price', fields.multiSalePrice);
  set('multi_sale_quantity', fields.multiSaleQuantity);
  set('max_per_bidder', fields.maxPerBidder);
  set('is_donation', fields.isDonation);
  set('is_hidden', fields.isHidden);
  set('offered_by', fields.offeredBy);
  set('additional_info_external_url', fields.additionalInfoExternalUrl);
  set('organization_team_id', fields.organizationTeamId);
  set('closing_group_id', fields.auctionClosingGroupId);
  set('date_completed', fields.dateCompleted);
  set('allows_time_extension', fields.allowsTimeExtension);
  set('extension_duration_in_minutes', fields.extensionDurationInMinutes);
  set('extension_duration_maximum_minutes', fields.extensionDurationMaximumMinutes);
  set('minutes_left_before_allowing_extension', fields.minutesLeftBeforeAllowingExtension);
  return columns;
}
