import { z } from 'zod';
import { convertedMoney, errorAnswers, rowId } from './common.ts';

/**
 * Donations (spec 001 §2 donation screen, §4 donation flow, §7 calls): give, list a bidder's
 * donations, an operator's deletion. Card fee decisions are in auctions.ts (creditCardFees).
 */

/** A client-generated id: the donation's name and its idempotency key. */
export const donationId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'invalid_donation_id');

/** Donations are at most this many cents (1,000,000.00): a typing slip, not a gift. */
export const MAX_DONATION_CENTS = 100_000_000;

/** The spec's `{ value, currencyCode }` (CAD, the auction's currency), or a bare amount. */
export const donationAmountInput = z.union([
  z.object({ value: z.union([z.number(), z.string().max(32)]), currencyCode: z.literal('CAD').optional() }),
  z.number(),
  z.string().max(32),
]);

export const donateBody = z.object({
  id: donationId,
  auctionId: rowId,
  userId: z.uuid().nullish(),
  amount: donationAmountInput,
  dateCreated: z.iso.datetime({ offset: true }).nullish(),
});

export const donation = z.object({
  id: z.string(),
  auctionId: z.number(),
  userId: z.string().nullable(),
  amount: convertedMoney,
  dateCreated: z.string(),
});

export const donationAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  messages: z.array(z.string()),
  donation,
});

export const donationsQuery = z.object({ auctionId: rowId, userId: z.uuid().optional() });

/** A bidder's donations to an auction, largest first, with their count and total. */
export const donationList = z.object({
  auctionId: z.number(),
  userId: z.string(),
  count: z.number(),
  total: convertedMoney,
  billCreditCardFeesToClient: z.boolean(),
  bidderHasAcceptedCreditCardFees: z.boolean().nullable(),
  items: z.array(donation),
});

export const donationParams = z.object({ id: donationId });

/** Every request and answer of the donation operations, by operation. */
export const donationsContract = {
  donate: { body: donateBody, response: { 200: donationAnswer, ...errorAnswers(401, 403, 404, 409, 422) } },
  list: { querystring: donationsQuery, response: { 200: donationList, ...errorAnswers(401, 403, 404) } },
  /** Refused once the auction is invoiced (409 `lot_invoiced`): the invoice bills the donation. */
  remove: { params: donationParams, response: { 200: donationAnswer, ...errorAnswers(401, 403, 404, 409) } },
} as const;

export type Donation = z.infer<typeof donation>;
export type DonationList = z.infer<typeof donationList>;
