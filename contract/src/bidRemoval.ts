import { z } from 'zod';
import { commandId, idParams, money } from './common.ts';

/**
 * A bid's removal with its preview (DESIGN.md §3 rule 4, docs/operator-api.md "Bid removal"):
 * the lot's standing bids as the engine holds them, the standing a removal would produce beside
 * today's, and the removal itself, confirmed on the stream version it was previewed on.
 */

/** `/api/admin/lots/:id/bids/:bidId/…`; bid ids hold a `#`, encoded in the path. */
export const bidRemovalParams = idParams.extend({ bidId: z.string().trim().min(1).max(200) });

/** Why an administrator removes the bid: required, kept in the stream for auditors. */
export const removalReason = z
  .string({ error: 'bid_removal_reason_required' })
  .trim()
  .min(1, { error: 'bid_removal_reason_required' })
  .max(500);

export const bidRemovalBody = z.strictObject({
  reason: removalReason,
  /** The preview's `streamVersion`: the removal is made only if the lot has not moved since (409 otherwise). */
  expectedVersion: z.number().int().min(1).optional(),
  commandId,
});

/** A bidder as an operator sees them: their name and how to reach them. */
export const removalBidder = z.object({ userId: z.string(), name: z.string(), email: z.string().nullable() });

export const removalBid = z.object({
  bidId: z.string(),
  bidder: removalBidder,
  amount: money,
  isAutoBid: z.boolean(),
  isMaxBid: z.boolean(),
  placedAt: z.string(),
});

/** Who leads (or won) at what price, the maxes still standing, and the end time. */
export const removalStanding = z.object({
  status: z.number(),
  price: money.nullable(),
  leader: removalBidder.nullable(),
  winner: removalBidder.nullable(),
  bidCount: z.number(),
  dateCompleted: z.string(),
  maxBids: z.array(z.object({ bidder: removalBidder, amount: money })),
});

/** `GET /api/admin/lots/:id/bids`: the standing bids, newest first, on one stream version. */
export const lotBidsAnswer = z.object({
  auctionLotItemId: z.number(),
  streamVersion: z.number(),
  /** True once the auction's invoices exist: removals are refused (`lot_invoiced`). */
  invoiced: z.boolean(),
  standing: removalStanding,
  bids: z.array(removalBid),
});

/** `GET /api/admin/lots/:id/bids/:bidId/removal-preview`: today's standing and the one the removal would produce. */
export const removalPreviewAnswer = z.object({
  auctionLotItemId: z.number(),
  bidId: z.string(),
  /** The stream version both standings are read on: send it back as `expectedVersion` to confirm. */
  streamVersion: z.number(),
  /** The removed bid's owner: their bid, or for an automatic bid their whole max, goes. */
  bidder: removalBidder,
  before: removalStanding,
  after: removalStanding,
  /** Bids of today's standing that the removal takes away. */
  removedBids: z.array(removalBid),
  /** Automatic bids the replay places anew (another amount, bidder or command). */
  reDerivedBids: z.array(removalBid),
});

export type RemovalBidder = z.infer<typeof removalBidder>;
export type RemovalBid = z.infer<typeof removalBid>;
export type RemovalStanding = z.infer<typeof removalStanding>;
export type LotBidsAnswer = z.infer<typeof lotBidsAnswer>;
export type RemovalPreviewAnswer = z.infer<typeof removalPreviewAnswer>;
