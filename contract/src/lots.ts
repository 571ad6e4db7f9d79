import { z } from 'zod';
import { bidReceipt } from './audit.ts';
import {
  booleanish,
  commandId,
  convertedMoney,
  currentPage,
  decimalInteger,
  errorAnswers,
  idParams,
  MAX_ROW_ID,
  money,
  pageSizeOf,
  rowId,
  successAnswer,
} from './common.ts';

/**
 * Lots, bids and favourites (spec 001 §3, §7): the requests and answers of /api/auction-lot-items,
 * /api/bids and /api/favorites. Amounts arrive as the spec's `{ value }`, a number or a typed text;
 * the API turns them into cents (its `amountInCents` refines `amountInput`).
 */

/** An auction's link, as paths and queries name it. */
export const urlMagicLink = z.string().trim().min(1).max(200);

/** An amount as a client sends it: 25, 25.5, "25.50", "1,250.00" or { value }. */
export const amountInput = z.union([
  z.number(),
  z.string().max(32),
  z.object({ value: z.union([z.number(), z.string().max(32)]) }),
]);

// ---- The lot table query (spec 001 §7), as a flat querystring the API unflattens ----

/** Spec 001 §9: the lot table's page sizes. */
export const LOT_PAGE_SIZES = [5, 6, 25, 50, 100, 200] as const;

const tableFilter = z.object({
  fieldName: z.string().min(1).max(50),
  operator: z.enum(['eq', 'neq', 'contains', 'gte', 'lte', 'in']).default('eq'),
  fieldValue: z.string().max(200),
  fieldType: z.string().max(20).optional(),
  useOr: booleanish.optional(),
});
const tableSort = z.object({
  column: z.string().min(1).max(50),
  asc: z.enum(['true', 'false']).transform((v) => v === 'true'),
});

/**
 * `currentPage`, `pageSize`, `sorts[0].column`, `sorts[0].asc`, `filters[0].fieldName`,
 * `filters[0].operator`, `filters[0].fieldValue`, `quickFilters`, `urlMagicLink`, and `search`.
 */
export const lotTableQuery = z.object({
  urlMagicLink,
  currentPage,
  pageSize: decimalInteger(z.number().int().min(1).max(200)).default(6),
  search: z.string().trim().max(100).optional(),
  forceSearch: z.enum(['true', 'false']).optional(),
  quickFilters: z.string().max(200).optional(),
  sorts: z.array(tableSort).max(3).default([]),
  filters: z.array(tableFilter).max(20).default([]),
});
export type LotTableQuery = z.infer<typeof lotTableQuery>;

// ---- Answers ----

export const lotTranslation = z.object({
  languageCode: z.string(),
  name: z.string(),
  description: z.string(),
  information: z.string(),
  shippingInformation: z.string(),
});

export const lotPhoto = z.object({
  fullPath_Large: z.string(),
  fullPath_Medium: z.string(),
  description: z.string().nullable(),
  order: z.number(),
});

/** Spec 001 §4 "Per-lot user banner", computed on the server. */
export const userBanner = z.object({
  state: z.enum(['ownedItems', 'donationsDone', 'winner', 'lost', 'processing', 'currentWinner', 'currentLoser']),
  count: z.number().nullable(),
  lostLead: z.boolean(),
});

/** The lot item of spec 001 §3, as lists show it (money converted for a USD reader). */
export const lotItem = z.object({
  id: z.number(),
  auctionId: z.number(),
  lotNumber: z.number(),
  type: z.number(),
  status: z.number(),
  name: z.string(),
  translations: z.array(lotTranslation),
  photos: z.array(lotPhoto),
  mainPhotoFullPath_Medium: z.string().nullable(),
  itemCategories: z.array(z.object({ id: z.number() })),
  auctionClosingGroupId: z.number().nullable(),
  startingBid: convertedMoney.nullable(),
  lastBid: convertedMoney.nullable(),
  minimumIncrement: convertedMoney.nullable(),
  valuation: convertedMoney.nullable(),
  multiSalePrice: convertedMoney.nullable(),
  multiSaleQuantity: z.number().nullable(),
  soldQuantity: z.number(),
  remainingQuantity: z.number().nullable(),
  maxPerBidder: z.number().nullable(),
  isDonation: z.boolean(),
  isHidden: z.boolean(),
  isFavorite: z.boolean(),
  winnerUserId: z.string().nullable(),
  winningUserId: z.string().nullable(),
  auctionWinner: z.string().nullable(),
  winnerName: z.string().nullable(),
  lastBidder: z.string().nullable(),
  bidders: z.array(z.string()),
  bidCount: z.number(),
  isWinning: z.boolean(),
  offeredBy: z.string().nullable(),
  additionalInfoExternalUrl: z.string().nullable(),
  organizationTeamId: z.number().nullable(),
  dateCompletedUtc: z.string(),
  initialDateCompleted: z.string(),
  dateTurningRed: z.string(),
  allowsTimeExtension: z.boolean(),
  extensionDurationInMinutes: z.number(),
  extensionDurationMaximumMinutes: z.number(),
  minutesLeftBeforeAllowingExtension: z.number(),
  userMaxBid: convertedMoney.nullable(),
  userBanner: userBanner.nullable(),
});

/** A page of lots: the lot table and the favourites page. */
export const lotPage = z.object({
  count: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  items: z.array(lotItem),
});

/** Spec 001 §3 bid history entry: standing bids only, most recent first. */
export const bidHistoryEntry = z.object({
  id: z.string(),
  auctionLotItemId: z.number(),
  userId: z.string(),
  bidderDisplayName: z.string().nullable(),
  amount: convertedMoney,
  isAutoBid: z.boolean(),
  isMaxBid: z.boolean(),
  bidDate: z.string(),
});
export const bidHistory = z.array(bidHistoryEntry);

/** What the user may do on the lot (spec 001 §5 rules), with the reason when they may not bid. */
export const allowedBidding = z.object({
  canBid: z.boolean(),
  reason: z.string().nullable(),
  isAuctionActive: z.boolean(),
  requireCCToBid: z.boolean(),
  requireAddressToBid: z.boolean(),
});

export const lotDetail = lotItem.extend({
  listBidsHistory: bidHistory,
  relatedAuctionLotItems: z.array(lotItem),
  allowedBidding,
  maxBid: convertedMoney.nullable(),
});

/** The signed-in user's maximum bid on a lot, or null. */
export const userMaxBidAnswer = convertedMoney.nullable();

// ---- Bids ----

export const bidBody = z.object({
  amount: amountInput,
  isMax: z.boolean().default(false),
  auctionLotItem_Id: rowId.optional(),
  paymentInformation_Id: decimalInteger(z.number().int().max(MAX_ROW_ID)).nullish(),
  commandId,
});

export const buyBody = z.object({
  quantity: decimalInteger(z.number().int().min(1).max(10_000)).default(1),
  amount: amountInput.optional(),
  auctionLotItem_Id: rowId.optional(),
  paymentInformation_Id: decimalInteger(z.number().int().max(MAX_ROW_ID)).nullish(),
  commandId,
});

export const deleteMaxBidQuery = z.object({ auctionLotItemId: rowId, userId: z.uuid(), commandId });
export const modifyMaxBidQuery = z.object({
  amount: amountInput,
  auctionLotItemId: rowId,
  userId: z.uuid(),
  commandId,
});

/** The committed standing after a bidding call, as this bidder sees it. */
export const bidStanding = z.object({
  auctionLotItemId: z.number(),
  lotStatus: z.number(),
  price: money.nullable(),
  leaderUserId: z.string().nullable(),
  isWinning: z.boolean(),
  bidCount: z.number(),
  dateCompleted: z.string(),
  initialDateCompleted: z.string(),
  maxBid: money.nullable(),
  soldQuantity: z.number(),
  remainingQuantity: z.number().nullable(),
});

export const bidAnswer = successAnswer.extend({
  bid: z.object({
    commandId: z.string(),
    auctionLotItemId: z.number(),
    amount: money.nullable(),
    isMax: z.boolean(),
    bidDate: z.string(),
  }),
  standing: bidStanding,
  /** Proof of the accepted bid in the tamper-evident log (docs/audit.md); absent where the store keeps no chain. */
  receipt: bidReceipt.optional(),
});
export const standingAnswer = successAnswer.extend({ standing: bidStanding });

// ---- Favourites ----

/** Spec 001 §9: favourites page sizes. */
export const FAVORITE_PAGE_SIZES = [25, 50, 100, 200] as const;

export const favoritesQuery = z.object({
  urlMagicLink,
  currentPage,
  pageSize: pageSizeOf(FAVORITE_PAGE_SIZES, 25),
});
export const byAuctionLink = z.object({ urlMagicLink });
export const addFavoriteParams = z.object({ lotId: rowId, auctionKey: urlMagicLink });
export const favoriteIds = z.array(z.object({ id: z.number(), auctionLotItemId: z.number() }));
export const favoriteAnswer = z.object({ id: z.number(), auctionLotItemId: z.number(), isFavorite: z.boolean() });

/** Every request and answer of the lot, bid and favourite operations, by operation. */
export const lotsContract = {
  list: { querystring: lotTableQuery, response: { 200: lotPage, ...errorAnswers(403, 404) } },
  detail: { params: idParams, response: { 200: lotDetail, ...errorAnswers(403, 404) } },
  userMaxBid: { params: idParams, response: { 200: userMaxBidAnswer, ...errorAnswers(401, 403, 404) } },
  refreshBids: { params: idParams, response: { 200: bidHistory, ...errorAnswers(403, 404) } },
  bid: { params: idParams, body: bidBody, response: { 200: bidAnswer, ...errorAnswers(401, 403, 404, 409, 422) } },
  buy: { params: idParams, body: buyBody, response: { 200: standingAnswer, ...errorAnswers(401, 403, 404, 409, 422) } },
  deleteMaxBid: {
    querystring: deleteMaxBidQuery,
    response: { 200: standingAnswer, ...errorAnswers(401, 403, 404, 409, 422) },
  },
  modifyMaxBid: {
    querystring: modifyMaxBidQuery,
    response: { 200: standingAnswer, ...errorAnswers(401, 403, 404, 409, 422) },
  },
  favorites: { querystring: favoritesQuery, response: { 200: lotPage, ...errorAnswers(401, 403, 404) } },
  currentFavorites: { querystring: byAuctionLink, response: { 200: favoriteIds, ...errorAnswers(401, 403, 404) } },
  addFavorite: { params: addFavoriteParams, response: { 200: favoriteAnswer, ...errorAnswers(401, 403, 404) } },
  removeFavorite: { params: idParams, response: { 200: favoriteAnswer, ...errorAnswers(401) } },
} as const;

export type LotItem = z.infer<typeof lotItem>;
export type LotPage = z.infer<typeof lotPage>;
export type LotDetail = z.infer<typeof lotDetail>;
export type BidHistoryEntry = z.infer<typeof bidHistoryEntry>;
export type BidStanding = z.infer<typeof bidStanding>;
export type BidAnswer = z.infer<typeof bidAnswer>;
