import { z } from 'zod';
import { errorAnswers, idParams } from './common.ts';

/**
 * The closing minute and the projector (issue 20 §5, §6; docs/console.md): a snapshot each screen
 * starts from and reloads after a reconnect, the hub's events moving it in between. Money in
 * integer cents; times as ISO strings of the server's clock, with the server's time beside them.
 */

/** How long the snapshot's bids reach back: the console's bids-per-minute chart spans it. */
export const RECENT_BIDS_MINUTES = 10;
/** At most this many recent bids in a snapshot (the busiest gala stays far below). */
export const RECENT_BIDS_LIMIT = 500;
/** Lots shown as closing next, and as just closed. */
export const CLOSING_LOTS_LIMIT = 30;

const names = z.object({ en: z.string().nullable(), fr: z.string().nullable() });

/** A lot as the closing minute follows it. */
export const closingLot = z.object({
  lotId: z.number().int(),
  lotNumber: z.number().int(),
  names,
  status: z.number().int(),
  isHidden: z.boolean(),
  endsAt: z.string(),
  closedAt: z.string().nullable(),
  /** The standing price (or sale price once closed), null without a bid. */
  priceCents: z.number().int().nullable(),
  bidCount: z.number().int(),
  leaderNickName: z.string().nullable(),
  winnerNickName: z.string().nullable(),
  /** How many times a late bid pushed the end back, and by how much in all (ms). */
  extensions: z.number().int(),
  extendedMs: z.number().int(),
});
export type ClosingLot = z.infer<typeof closingLot>;

export const recentBid = z.object({
  lotId: z.number().int(),
  lotNumber: z.number().int(),
  amountCents: z.number().int(),
  nickName: z.string().nullable(),
  placedAt: z.string(),
  isAutoBid: z.boolean(),
});
export type RecentBid = z.infer<typeof recentBid>;

export const closingMinute = z.object({
  auctionId: z.number().int(),
  serverTime: z.string(),
  goalCents: z.number().int().nullable(),
  /** Lots not closed, the next to close first. */
  closingNext: z.array(closingLot),
  /** Lots closed, the latest first. */
  closed: z.array(closingLot),
  /** Bids placed in the last RECENT_BIDS_MINUTES minutes, the latest first (removed ones left out). */
  recentBids: z.array(recentBid),
});
export type ClosingMinute = z.infer<typeof closingMinute>;

export const raised = z.object({
  /** Standing and winning bids of the bidding lots (what the leaderboard totals). */
  lotsCents: z.number().int(),
  /** Fixed-price purchases. */
  purchasesCents: z.number().int(),
  /** Donations not deleted. */
  donationsCents: z.number().int(),
  totalCents: z.number().int(),
});
export type Raised = z.infer<typeof raised>;

export const projectorLot = z.object({
  lotId: z.number().int(),
  lotNumber: z.number().int(),
  names,
  endsAt: z.string(),
  priceCents: z.number().int().nullable(),
});

export const projector = z.object({
  auctionId: z.number().int(),
  urlMagicLink: z.string(),
  status: z.number().int(),
  /** The auction's languages, as codes ('fr', 'en'), in the auction's order. */
  languages: z.array(z.enum(['en', 'fr'])),
  titles: names,
  serverTime: z.string(),
  goalCents: z.number().int().nullable(),
  raised,
  closingNext: z.array(projectorLot),
});
export type Projector = z.infer<typeof projector>;
export type ProjectorLot = z.infer<typeof projectorLot>;

/** Up to a billion dollars; null removes the goal. */
export const goalBody = z.strictObject({
  goalCents: z.number().int().min(100).max(100_000_000_000).nullable(),
});
export type GoalBody = z.infer<typeof goalBody>;

export const snapshot = { params: idParams, response: { 200: closingMinute, ...errorAnswers(401, 403, 404) } };
export const projectorPage = { params: idParams, response: { 200: projector, ...errorAnswers(403, 404) } };
export const setGoal = {
  params: idParams,
  body: goalBody,
  response: { 200: z.object({ goalCents: z.number().int().nullable() }), ...errorAnswers(400, 401, 403, 404) },
};
