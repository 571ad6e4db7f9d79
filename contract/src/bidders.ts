import { z } from 'zod';
import { BidderStatus } from './codes.ts';
import { choices, commandId, errorAnswers, idParams, type ServerListQueryInput, serverListQuery } from './common.ts';
import { email, language, phone, text } from './fields.ts';

/**
 * An auction's bidders as the console shows them (issue 19 §5, docs/console.md): the operators'
 * bidder list, and the door's check-in for volunteers and managers. A bidder is a row of
 * `auction_bidders`: someone invited, who visited, or whom an operator locked out.
 */

/** Only what staff need to recognise and reach a guest: no address, no payment details. */
export const auctionBidder = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  nickName: z.string(),
  email: z.string(),
  /** `(NNN) NNN-NNNN`, or null without a phone. */
  phoneNumber: z.string().nullable(),
  status: z.union([z.literal(BidderStatus.Invited), z.literal(BidderStatus.Visited), z.literal(BidderStatus.Locked)]),
  /** The number replied STOP: it cannot be texted (spec 000 §4 Invite). */
  hasSmsStop: z.boolean(),
  /** When the guest was checked in at the door, and the name of who did it; null until then. */
  arrivedAt: z.string().nullable(),
  arrivedBy: z.string().nullable(),
  /** The paddle number handed at check-in, in arrival order from 1; null until the guest arrives. */
  bidderNumber: z.number().nullable(),
});
export type AuctionBidder = z.infer<typeof auctionBidder>;

/** An auction a volunteer may check guests in to. */
export const checkInAuction = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  urlMagicLink: z.string(),
  status: z.number().int(),
  /** The short title per language code. */
  titles: z.record(z.string(), z.string()),
  dateOpen: z.string().nullable(),
});
export type CheckInAuction = z.infer<typeof checkInAuction>;

/**
 * The guest search: empty lists every guest; otherwise 2 to 100 characters of a name, an email or
 * a phone, or a bidder number alone (a single digit included: paddle 7).
 */
const guestSearch = z
  .string()
  .trim()
  .max(100)
  .refine((q) => q.length === 0 || q.length >= 2 || /^#?\d$/.test(q), 'search_too_short')
  .default('');
export const guestQuery = z.strictObject({ q: guestSearch });
/**
 * The bidders list's search: any length up to 100, since its table sends a short text only when
 * Enter forces it (a letter, paddle 7) and answers a page, never every guest.
 */
export const GUEST_LIST_LIMIT = 200;

export const guestList = z.object({
  /** The first `GUEST_LIST_LIMIT` guests matching, by name. */
  guests: z.array(auctionBidder),
  /** How many match the search: more than `guests` holds when the list stops at the limit. */
  matchCount: z.number().int(),
  /** Across the whole auction, whatever the search. */
  guestCount: z.number().int(),
  arrivedCount: z.number().int(),
});
export type GuestList = z.infer<typeof guestList>;

export const guestParams = idParams.extend({ userId: z.uuid({ error: 'guest_not_found' }) });

/** Checking in is idempotent: the first arrival is kept; `alreadyArrived` says a repeat changed nothing. */
export const arrivalAnswer = z.object({ guest: auctionBidder, alreadyArrived: z.boolean() });
export type ArrivalAnswer = z.infer<typeof arrivalAnswer>;

/**
 * A walk-in: a name and a phone or an email. An existing account (same phone or email) is found
 * and admitted; with an email a new account is made with a temporary password sent there; with
 * only a phone, the SMS invitation to register is sent (STOP respected).
 */
export const walkInBody = z
  .strictObject({
    firstName: text(100).min(1, 'field_required'),
    lastName: text(100).min(1, 'field_required'),
    email: email.optional(),
    phoneNumber: phone.optional(),
    language: language.optional(),
    commandId,
  })
  .refine((body) => body.email !== undefined || body.phoneNumber !== undefined, {
    message: 'phone_or_email_required',
  });

export const WalkInOutcome = { Found: 'found', Created: 'created', Invited: 'invited', Stop: 'stop' } as const;
export type WalkInOutcome = (typeof WalkInOutcome)[keyof typeof WalkInOutcome];

export const walkInAnswer = z.object({
  outcome: z.enum(['found', 'created', 'invited', 'stop']),
  /** The guest checked in (found or created); null when only an invitation could be sent. */
  guest: auctionBidder.nullable(),
  message: z.string(),
});
export type WalkInAnswer = z.infer<typeof walkInAnswer>;

/** Whether a guest has come in: the door's "who is still expected?" (the list's Arrival filter). */
export const GuestArrival = { Waiting: 'waiting', Arrived: 'arrived' } as const;
export type GuestArrival = (typeof GuestArrival)[keyof typeof GuestArrival];

export const BIDDER_PAGE_SIZES = [25, 50, 100, 200] as const;
export const BIDDER_SORTS = ['name', 'status', 'arrival'] as const;
export type BidderSort = (typeof BIDDER_SORTS)[number];

/**
 * One page of the operators' bidder list, filtered, sorted and counted in PostgreSQL, so a gala
 * of thousands answers a page and not every guest (docs/console.md "Bidders"). The filters are the
 * table's: the search, the status and arrival checkboxes, and the "arrived" quick filter; all
 * apply together.
 */
export const bidderListQuery = serverListQuery({
  pageSizes: BIDDER_PAGE_SIZES,
  sorts: BIDDER_SORTS,
  defaultSort: 'name',
  filters: {
    status: choices(Object.values(BidderStatus).map(String)),
    arrival: choices([GuestArrival.Waiting, GuestArrival.Arrived]),
    quickFilters: choices(['arrived'] as const),
  },
});
export type BidderListQuery = ServerListQueryInput<typeof bidderListQuery>;
export type BidderListRequest = z.output<typeof bidderListQuery>;

export const bidderPage = z.object({
  bidders: z.array(auctionBidder),
  /** The rows matching the filters, over every page. */
  count: z.number().int(),
  /** The page answered: the one asked for, or the last one when the filters left fewer. */
  currentPage: z.number().int(),
  /** The auction's bidders whatever the filters (an empty auction says so, not "no match"). */
  guestCount: z.number().int(),
});
export type BidderPage = z.infer<typeof bidderPage>;

const auctionParams = idParams;

/** Every request and answer of the bidder and check-in calls, by operation. */
export const biddersContract = {
  list: {
    params: auctionParams,
    querystring: bidderListQuery,
    response: { 200: bidderPage, ...errorAnswers(400, 401, 403, 404) },
  },
  checkInAuctions: { response: { 200: z.array(checkInAuction), ...errorAnswers(401, 403) } },
  guests: {
    params: auctionParams,
    querystring: guestQuery,
    response: { 200: guestList, ...errorAnswers(400, 401, 403, 404) },
  },
  arrival: {
    params: guestParams,
    response: { 200: arrivalAnswer, ...errorAnswers(400, 401, 403, 404, 409) },
  },
  walkIn: {
    params: auctionParams,
    body: walkInBody,
    response: { 200: walkInAnswer, ...errorAnswers(400, 401, 403, 404, 409) },
  },
};
