import { z } from 'zod';
import { BidderStatus } from './codes.ts';
import { booleanish, commandId, decimalInteger, errorAnswers, idParams, money, rowId } from './common.ts';
import { urlMagicLink } from './lots.ts';

/**
 * Auctions as bidders see them (spec 001 §3, §7): the home page's list, one auction by its link,
 * recently closed auctions, statistics, dates, teams, exchange rates, the carousel, and a bidder's
 * status in an auction. Requests as the API validates them; answers exactly as it sends them.
 */

const namedTranslation = z.object({ languageCode: z.string(), name: z.string() });

export const auctionTranslation = z.object({
  languageCode: z.string(),
  titleShort: z.string(),
  description: z.string(),
  teamAppellation: z.string().nullable(),
});

export const auctionPhoto = z.object({
  id: z.number(),
  order: z.number(),
  fullPath: z.string(),
  interval: z.number(),
  bannerType: z.string(),
  videoUrl: z.string().nullable(),
  additionalLinkUrl: z.string().nullable(),
  isUsedInFrench: z.boolean(),
  isUsedInEnglish: z.boolean(),
  isUsedOnMobile: z.boolean(),
  isUsedOnComputer: z.boolean(),
  isUsedAsBackgroundImage: z.boolean(),
  isVideoAlwaysOnTop: z.boolean(),
  isUsedAsBannerInLeaderboard: z.boolean(),
});

export const auctionTab = z.object({
  id: z.number(),
  order: z.number(),
  translations: z.array(
    z.object({
      languageCode: z.string(),
      name: z.string(),
      url: z.string(),
      title: z.string(),
      content: z.string(),
    }),
  ),
  name: z.string(),
  url: z.string().nullable(),
  title: z.string().nullable(),
  content: z.string().nullable(),
});

export const donationPreset = z.object({
  id: z.number(),
  order: z.number(),
  amount: money.nullable(),
  isOtherAmount: z.boolean(),
});

/**
 * The spec's Auction (spec 001 §3), every field, in the request language (title, description,
 * tab, category and group names). The colours, footer and integration flags are flat as the spec
 * lists them, under the keys the operator API accepts (`AUCTION_COLOR_FIELDS`, `AUCTION_FOOTER_FIELDS`,
 * `AUCTION_INTEGRATION_FLAGS`, `AUCTION_INTEGRATION_IDS` in operator.ts), and never over the
 * auction's own fields.
 */
export const auction = z.looseObject({
  id: z.number(),
  status: z.number(),
  urlMagicLink: z.string(),
  type: z.number(),
  translations: z.array(auctionTranslation),
  titleShort: z.string(),
  description: z.string(),
  teamAppellation: z.string().nullable(),
  languages: z.array(z.number()),
  tabs: z.array(auctionTab),
  itemCategories: z.array(
    z.object({ id: z.number(), order: z.number(), translations: z.array(namedTranslation), name: z.string() }),
  ),
  closingGroups: z.array(
    z.object({
      id: z.number(),
      isHiddenInMenu: z.boolean(),
      dateCompleted: z.string().nullable(),
      translations: z.array(namedTranslation),
      name: z.string(),
    }),
  ),
  datePreOpen: z.string().nullable(),
  dateOpen: z.string().nullable(),
  dateCompleted: z.string().nullable(),
  completedDate: z.string().nullable(),
  isAvailable: z.boolean(),
  hideCountdown: z.boolean(),
  showAuctionCarousel: z.boolean(),
  allowAnonymousBidding: z.boolean(),
  requireCCToBid: z.boolean(),
  requireAddressToBid: z.boolean(),
  allowItemsManagementByTeam: z.boolean(),
  paymentType: z.number(),
  /** The winners' cards are charged when the invoices are generated (else they pay their invoices). */
  chargeAutomaticallyAtCompletion: z.boolean(),
  /** The organisation adds taxes to lots and purchases (never to donations). */
  chargesTaxes: z.boolean(),
  allowProxyBidding: z.boolean(),
  billCreditCardFeesToClient: z.boolean(),
  billCreditCardFeesProvideReceipt: z.boolean(),
  billCreditCardFeesMinimumAmount: money.nullable(),
  stripeInformation_Id: z.number().nullable(),
  organizationId: z.number(),
  organizationName: z.string(),
  company_Id: z.number().nullable(),
  currency: z.string(),
  donationType: z.number(),
  donationUrl: z.string().nullable(),
  donationAllowOtherAmount: z.boolean(),
  donations: z.array(donationPreset),
  linkEnglish: z.string().nullable(),
  linkFrench: z.string().nullable(),
  bannerEnglish: z.object({ fullPath: z.string() }).nullable(),
  bannerFrench: z.object({ fullPath: z.string() }).nullable(),
  photos: z.array(auctionPhoto),
  clientTimeSynchronization: z.boolean(),
  lotCount: z.number(),
});
export const auctionList = z.array(auction);

export const byLinkQuery = z.object({ urlMagicLink });

export const auctionStats = z.array(z.object({ auctionId: z.number(), profit: money.nullable() }));

export const auctionDates = z.object({
  id: z.number(),
  dateCompleted: z.string().nullable(),
  completedDate: z.string().nullable(),
});

export const organizationTeam = z.object({
  id: z.number(),
  backgroundColor: z.string().nullable(),
  textColor: z.string().nullable(),
  name: z.string(),
  translations: z.array(namedTranslation),
});

export const exchangeRate = z.object({
  baseCurrency: z.string(),
  targetCurrency: z.string(),
  rate: z.number(),
  date: z.string(),
});

export const synchronizationTime = z.object({ currentTime: z.string() });

/** One card of an auction's carousel: another current auction of the same brand. */
export const carouselCard = z.object({
  id: z.number(),
  urlMagicLink: z.string(),
  status: z.number(),
  titleShort: z.string(),
  organizationId: z.number(),
  organizationName: z.string(),
  dateOpen: z.string().nullable(),
  dateCompleted: z.string().nullable(),
  banner: z.string().nullable(),
  primaryColor: z.string().nullable(),
});

// ---- A bidder's status in an auction (spec 000 §3) ----

/** A bidder status by the spec's name (any case) or its code. */
export const bidderStatusInput = z
  .union([
    z.enum(['Invited', 'Visited', 'Locked', 'invited', 'visited', 'locked']),
    decimalInteger(z.number().int().min(1).max(3)),
  ])
  .transform((value): BidderStatus => {
    if (typeof value === 'number') return value as BidderStatus;
    return BidderStatus[(value[0]?.toUpperCase() + value.slice(1)) as keyof typeof BidderStatus];
  });

export const bidderStatusAnswer = z.object({
  auctionBidderStatus: z.number(),
  auctionBidderStatusName: z.string(),
});

export const setOwnStatusParams = z.object({ urlMagicLink, status: bidderStatusInput });
export const ownStatusAnswer = bidderStatusAnswer.extend({
  bidderHasAcceptedCreditCardFees: z.boolean().nullable(),
});
export const setBidderStatusParams = z.object({ auctionId: rowId, userId: z.uuid() });
/** `commandId` keys the lock's withdrawals of the bidder's maximum bids, so a retried lock withdraws nothing twice. */
export const setBidderStatusBody = z.object({ status: bidderStatusInput, commandId });
export const accessCodeParams = z.object({ urlMagicLink });
export const accessCodeBody = z.object({ code: z.string().trim().min(1).max(100) });

// ---- Credit card fees (spec 001 §4 donation flow) ----

export const creditCardFeesParams = z.object({ auctionId: rowId, accepted: booleanish });
export const creditCardFeesAnswer = z.object({
  success: z.literal(true),
  auctionId: z.number(),
  auctionBidderStatus: z.number(),
  bidderHasAcceptedCreditCardFees: z.boolean().nullable(),
});

/** Every request and answer of the bidder-side auction operations, by operation. */
export const auctionsContract = {
  list: { response: { 200: auctionList, ...errorAnswers() } },
  byLink: { querystring: byLinkQuery, response: { 200: auction, ...errorAnswers(403, 404) } },
  synchronizationTime: { response: { 200: synchronizationTime, ...errorAnswers() } },
  recentlyClosed: { response: { 200: auctionList, ...errorAnswers() } },
  stats: { response: { 200: auctionStats, ...errorAnswers() } },
  dateCompleted: {
    params: z.object({ auctionId: rowId }),
    response: { 200: auctionDates, ...errorAnswers(403, 404) },
  },
  organizationTeams: {
    querystring: byLinkQuery,
    response: { 200: z.array(organizationTeam), ...errorAnswers(403, 404) },
  },
  exchangeRates: { response: { 200: z.array(exchangeRate), ...errorAnswers() } },
  carousel: { params: idParams, response: { 200: z.array(carouselCard), ...errorAnswers(403, 404) } },
  setOwnStatus: { params: setOwnStatusParams, response: { 200: ownStatusAnswer, ...errorAnswers(401, 403, 404) } },
  setBidderStatus: {
    params: setBidderStatusParams,
    body: setBidderStatusBody,
    response: { 200: bidderStatusAnswer, ...errorAnswers(401, 403, 404) },
  },
  accessCode: {
    params: accessCodeParams,
    body: accessCodeBody,
    response: { 200: bidderStatusAnswer, ...errorAnswers(401, 403, 404) },
  },
  creditCardFees: {
    params: creditCardFeesParams,
    response: { 200: creditCardFeesAnswer, ...errorAnswers(401, 403, 404, 409) },
  },
} as const;

export type Auction = z.infer<typeof auction>;
export type AuctionPhoto = z.infer<typeof auctionPhoto>;
export type OrganizationTeam = z.infer<typeof organizationTeam>;
export type ExchangeRate = z.infer<typeof exchangeRate>;
export type CarouselCard = z.infer<typeof carouselCard>;
