import { z } from 'zod';
import { auction } from './auctions.ts';
import { commandId, errorAnswers, MAX_ROW_ID, money, rowId } from './common.ts';
import { text } from './fields.ts';
import { lotItem } from './lots.ts';
import { MAX_TAXES, ratePpmOf } from './rules/taxRate.ts';
import { linkAddress } from './rules/webAddress.ts';

/**
 * The operator API under /api/admin (docs/operator-api.md): the requests and answers of
 * organisations, teams, auctions and their parts (categories, tabs, closing groups, banner photos),
 * lots, the administrator's lot commands, bid removal and the audit trail. Every call may also
 * answer 401 (no token) and 403 (no operator role); anything of an organisation the caller does not
 * manage answers 404, as if it did not exist.
 */

/** An ISO 8601 time with its zone, as the operator API takes every date. */
export const isoDate = z.iso.datetime({ offset: true, error: 'invalid_date' }).transform((value) => new Date(value));

export const color = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{3,8}$/, 'invalid_color');

/**
 * A link an operator enters for visitors to follow (a lot's external page, the donation site, the
 * auction's links, the footer's site, a banner's link or video): an absolute http(s) address, or
 * `''`, which clears it as before. `hostFirst` also takes an address without its scheme
 * (`example.org/page`) for the links that get `http://` put in front (spec 001 §3: a banner's
 * additional link; the footer's site, which the web app prefixes likewise); still, nothing but a
 * host name may come first, so neither a path nor another scheme gets through. Refused with
 * `valid_url`, the key the API gives any malformed address.
 */
export const webLink = ({ hostFirst = false }: { hostFirst?: boolean } = {}) =>
  z
    .string()
    .trim()
    .max(2000)
    .refine((text) => text === '' || linkAddress(text, { bareHost: hostFirst }) !== undefined, 'valid_url');

/** Spec 001 §3's colours of an auction, flat in its answers and grouped under `colors` in an edit. */
export const AUCTION_COLOR_FIELDS = [
  'primaryColor',
  'primaryTextColor',
  'secondaryColor',
  'menuColor',
  'menuHeaderColor',
  'menuHeaderTextColor',
  'menuTextColor',
] as const;
/** Spec 001 §3's footer fields, flat in its answers and grouped under `footer` in an edit. */
export const AUCTION_FOOTER_FIELDS = [
  'footerImageUrl',
  'footerPhoneNumber',
  'footerEmail',
  'footerUrl',
  'footerColor',
  'footerTextColor',
  'secondFooterColor',
  'secondFooterTextColor',
] as const;
/**
 * Spec 001 §3's "analytics and pixel integration flags and ids": whether the auction's pages use
 * Google Analytics and the Facebook pixel (flags), and under which ids. Flat in its answers and
 * grouped under `integrations` in an edit, like the colours and the footer. Only these keys are
 * taken: any other would sit flat beside the answer's own fields, and one named like them
 * (`company_Id`, `organizationName`) would replace what bidders are told.
 */
export const AUCTION_INTEGRATION_FLAGS = ['usesGoogleAnalytics', 'usesFacebookPixel'] as const;
export const AUCTION_INTEGRATION_IDS = ['googleAnalyticsId', 'facebookPixelId'] as const;

/** An entry's name in each language; one of them at least. */
const names = (max: number) =>
  z
    .strictObject({ en: text(max).min(1).optional(), fr: text(max).min(1).optional() })
    .refine((t) => t.en || t.fr, 'translation_required');
const storedNames = z.object({ en: z.string().optional(), fr: z.string().optional() });

// ---- Organisations and teams ----

/** The Canada Revenue Agency's form of a charity's registration number: nine digits, RR, four digits. */
export const charityRegistrationNumber = z
  .string()
  .trim()
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[0-9]{9}RR[0-9]{4}$/, 'invalid_charity_registration_number'));

export const organizationFields = z.strictObject({
  name: text(200).min(1),
  companyId: z.union([z.literal(1), z.literal(2)]).optional(),
  /** Printed on the official donation receipts; null or empty clears it. */
  charityRegistrationNumber: z
    .union([z.literal('').transform(() => null), z.null(), charityRegistrationNumber])
    .optional(),
  /** The address on record with the Canada Revenue Agency, as lines; null or empty clears it. */
  receiptAddress: text(300)
    .transform((value) => value || null)
    .nullable()
    .optional(),
});
export const organization = z.object({
  id: z.number(),
  name: z.string(),
  companyId: z.number(),
  charityRegistrationNumber: z.string().nullable(),
  receiptAddress: z.string().nullable(),
});

export const teamFields = z.strictObject({
  translations: names(100),
  backgroundColor: color.optional(),
  textColor: color.optional(),
});
export const team = z.object({
  id: z.number(),
  organizationId: z.number(),
  backgroundColor: z.string(),
  textColor: z.string(),
  translations: storedNames,
});

/** A tax rate typed as a percentage ("9.975", « 9,975 »), taken as millionths (`rules/taxRate.ts`). */
export const taxRate = z.union([z.string().max(20), z.number()]).transform((typed, ctx) => {
  const ratePpm = ratePpmOf(String(typed));
  if (ratePpm === null) {
    ctx.addIssue({ code: 'custom', message: 'invalid_tax_rate' });
    return z.NEVER;
  }
  return ratePpm;
});
/** A tax as the console sends it; taken with its rate in millionths. */
export const taxFields = z
  .strictObject({ translations: names(40), rate: taxRate })
  .transform(({ translations, rate }) => ({ translations, ratePpm: rate }));
/** An organisation's taxes, whole and in order: what its invoices charge from now on. */
export const organizationTaxesFields = z.strictObject({
  taxes: z.array(taxFields).max(MAX_TAXES, 'too_many_taxes'),
});
export const organizationTax = z.object({
  translations: storedNames,
  /** The rate in percent (9.975). */
  rate: z.number(),
  ratePpm: z.number().int(),
});
export const organizationTaxes = z.object({ taxes: organizationTax.array() });

// ---- Auction parts ----

export const categoryFields = z.strictObject({
  translations: names(200),
  order: z.number().int().min(0).max(MAX_ROW_ID).optional(),
});
export const category = z.object({ id: z.number(), order: z.number(), translations: storedNames });

export const closingGroupFields = z.strictObject({
  translations: names(200),
  dateCompleted: isoDate,
  isHiddenInMenu: z.boolean().optional(),
  commandId,
});
export const closingGroup = z.object({
  id: z.number(),
  dateCompleted: z.string(),
  isHiddenInMenu: z.boolean(),
  translations: storedNames,
});

const tabText = z.strictObject({
  name: text(100).min(1),
  url: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, 'invalid_tab_url'),
  title: text(300).optional(),
  /** Rich text, shown as HTML on the tab's page: the API stores it reduced to the shared allowlist. */
  content: z.string().max(200_000).optional(),
});
export const tabFields = z.strictObject({
  order: z.number().int().min(0).max(MAX_ROW_ID).optional(),
  translations: z
    .strictObject({ en: tabText.optional(), fr: tabText.optional() })
    .refine((t) => t.en || t.fr, 'translation_required'),
});
const storedTabText = z.object({
  name: z.string(),
  url: z.string(),
  title: z.string().optional(),
  content: z.string().optional(),
});
export const tab = z.object({
  id: z.number(),
  order: z.number(),
  translations: z.object({ en: storedTabText.optional(), fr: storedTabText.optional() }),
});

/**
 * The highest `order` an operator gives a photo (a banner, a lot's photo). An upload goes after the
 * last one, at its order plus one, so an order near the column's limit (2147483647) would leave it
 * no number; ten thousand is far more places than a carousel or a lot ever shows.
 */
export const MAX_PHOTO_ORDER = 10_000;

export const photoFields = z.strictObject({
  fullPath: z.string().trim().min(1).max(2000),
  order: z.number().int().min(0).max(MAX_PHOTO_ORDER).optional(),
  interval: z.number().int().min(500).max(120_000).optional(),
  bannerType: z.enum(['image', 'video']).optional(),
  videoUrl: webLink().nullable().optional(),
  additionalLinkUrl: webLink({ hostFirst: true }).nullable().optional(),
  isUsedInFrench: z.boolean().optional(),
  isUsedInEnglish: z.boolean().optional(),
  isUsedOnMobile: z.boolean().optional(),
  isUsedOnComputer: z.boolean().optional(),
  isUsedAsBackgroundImage: z.boolean().optional(),
  isVideoAlwaysOnTop: z.boolean().optional(),
  isUsedAsBannerInLeaderboard: z.boolean().optional(),
});
export const photoRef = z.object({ id: z.number() });

/**
 * A new order for one kind of an auction's parts (categories, tabs, banner photos): every id of the
 * auction's entries of that kind, each once, first shown first. The whole list in one call, so a
 * reorder is never left halfway; sending it again changes nothing.
 */
export const orderFields = z.strictObject({
  ids: z
    .array(rowId)
    .min(1)
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, 'order_ids_repeated'),
});
export const orderedIds = z.array(z.object({ id: z.number(), order: z.number() }));

// ---- Auctions ----

export const auctionListQuery = z.object({ organizationId: rowId.optional() });
/** Spec 001 §4: 1 Planning … 6 Archived. */
export const auctionStatusValue = z.number().int().min(1).max(6);
export const auctionStatusBody = z.strictObject({ status: auctionStatusValue });

const listTranslation = z.object({ languageCode: z.string(), name: z.string() }).catchall(z.unknown());
const orderedEntry = z.object({ id: z.number(), order: z.number(), translations: z.array(listTranslation) });

/**
 * An auction with every field of spec 001 §3 in every language (the public answer without the
 * request language's names), plus `accessCode`. Colours, footer and integrations are flat, under
 * the names the operator gave them.
 */
export const operatorAuction = auction
  .omit({
    titleShort: true,
    description: true,
    teamAppellation: true,
    tabs: true,
    itemCategories: true,
    closingGroups: true,
  })
  .extend({
    tabs: z.array(orderedEntry),
    itemCategories: z.array(orderedEntry),
    closingGroups: z.array(
      z.object({
        id: z.number(),
        isHiddenInMenu: z.boolean(),
        dateCompleted: z.string().nullable(),
        translations: z.array(listTranslation),
      }),
    ),
    accessCode: z.string().nullable(),
    donationReceiptMinimumCents: z.number(),
    chargeAutomaticallyAtCompletion: z.boolean(),
  });

// ---- Lots ----

/** The lot as `GET /api/auction-lot-items/{id}` shows it to nobody in particular. */
export const operatorLot = lotItem.omit({ name: true });

/**
 * A lot's settings copied into its stream when it opens, which no engine command changes: an edit
 * that changes one of them after opening is refused (`lot_settings_locked`), and the console shows
 * them read-only.
 */
export const LOT_SETTINGS_LOCKED_AFTER_OPENING = [
  'type',
  'allowsTimeExtension',
  'extensionDurationInMinutes',
  'extensionDurationMaximumMinutes',
  'minutesLeftBeforeAllowingExtension',
] as const;

/**
 * A lot command's body is optional (the command id may come in an Idempotency-Key header instead);
 * Fastify hands an absent body to the schema as null, so null is accepted as no body.
 */
export const lotCommandBody = z.strictObject({ commandId }).nullish();
export const rescheduleBody = z.strictObject({ dateCompleted: isoDate, commandId });

/** A lot command's committed outcome: the events it appended and the lot's standing after it. */
export const lotCommandAnswer = z.object({
  auctionLotItemId: z.number(),
  streamVersion: z.number(),
  /** True when the command id had been seen: nothing new was appended. */
  duplicate: z.boolean(),
  events: z.array(z.object({ type: z.string(), version: z.number(), data: z.unknown() })),
  status: z.number(),
  isHidden: z.boolean(),
  price: money.nullable(),
  leaderUserId: z.string().nullable(),
  winnerUserId: z.string().nullable(),
  bidCount: z.number(),
  dateCompleted: z.string(),
  initialDateCompleted: z.string(),
  soldQuantity: z.number(),
  remainingQuantity: z.number().nullable(),
});

/** The lot's stream replayed bid by bid (as `npm run replay -- --lot ID --json`). */
export const auditTrail = z.object({
  streamId: z.string(),
  entries: z.array(
    z.object({
      version: z.number(),
      at: z.number(),
      event: z.string(),
      actor: z.string().nullable(),
      commandId: z.string(),
      bidder: z.string().optional(),
      amount: z.number().optional(),
      isAutoBid: z.boolean().optional(),
      outcome: z.enum(['winning', 'leading', 'outbid', 'removed']).optional(),
      detail: z.string().optional(),
    }),
  ),
  standing: z.object({
    lotStatus: z.number(),
    price: z.number().nullable(),
    leaderId: z.string().nullable(),
    winnerId: z.string().nullable(),
    endsAt: z.number(),
    initialEndsAt: z.number(),
    sold: z.number(),
    remaining: z.number().nullable(),
    bids: z.array(
      z.object({
        bidId: z.string(),
        bidderId: z.string(),
        amount: z.number(),
        isAutoBid: z.boolean(),
        isMaxBid: z.boolean(),
        at: z.number(),
        sourceCommandId: z.string(),
      }),
    ),
    maxBids: z.record(z.string(), z.number()),
    hidden: z.boolean(),
    bidCount: z.number(),
  }),
});

/** An operator call's refusals besides its own: no token, no operator role, out of scope. */
export const operatorErrors = <const S extends number>(...statuses: S[]) =>
  errorAnswers<401 | 403 | S>(401, 403, ...statuses);

export type Organization = z.infer<typeof organization>;
export type Team = z.infer<typeof team>;
export type OrganizationTaxes = z.infer<typeof organizationTaxes>;
export type OperatorAuction = z.infer<typeof operatorAuction>;
export type OperatorLot = z.infer<typeof operatorLot>;
export type LotCommandAnswer = z.infer<typeof lotCommandAnswer>;
export type AuditTrail = z.infer<typeof auditTrail>;
