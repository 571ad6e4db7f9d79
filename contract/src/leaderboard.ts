import { z } from 'zod';
import { convertedMoney, errorAnswers, rowId } from './common.ts';
import { urlMagicLink } from './lots.ts';

/**
 * The leaderboard and winners pages (spec 001 §2, §7) and the winner results of lots a client saw
 * closing (spec 001 §3). Shapes are in docs/donations.md (spec 001 shows none).
 */

export const leaderboardCard = z.object({
  auctionLotItemId: z.number(),
  lotNumber: z.number(),
  name: z.string(),
  status: z.number().nullable(),
  isWinner: z.boolean(),
  winnerUserId: z.string().nullable(),
  winnerName: z.string().nullable(),
  amount: convertedMoney,
  time: z.string().nullable(),
  team: z
    .object({
      id: z.number(),
      name: z.string(),
      backgroundColor: z.string().nullable(),
      textColor: z.string().nullable(),
    })
    .nullable(),
});

export const leaderboardBanner = z.object({
  fullPath: z.string(),
  order: z.number(),
  interval: z.number(),
  isUsedInEnglish: z.boolean(),
  isUsedInFrench: z.boolean(),
});

export const leaderboard = z.object({
  auctionId: z.number(),
  urlMagicLink: z.string(),
  auctionStatus: z.number(),
  mode: z.enum(['leaders', 'winners']),
  heading: z.enum(['leaders_list', 'winners_list']),
  dateCompleted: z.string().nullable(),
  count: z.number(),
  lotsTotal: convertedMoney,
  donations: z.object({ count: z.number(), total: convertedMoney }),
  items: z.array(leaderboardCard),
});
/** The first load adds the page's banners. */
export const leaderboardPage = leaderboard.extend({ banners: z.array(leaderboardBanner) });

/** At most this many lots per refresh-winners call (a page of the lot list is at most 200). */
export const MAX_WINNER_LOTS = 500;
const lotIds = z.array(rowId).min(1).max(MAX_WINNER_LOTS);
export const refreshWinnersBody = z.union([lotIds, z.object({ auctionLotItemIds: lotIds })]);

/** Spec 001 §3 winner result of a lot. */
export const winnerResult = z.object({
  auctionLotItemId: z.number(),
  winnerUserId: z.string().nullable(),
  auctionLotItemStatus: z.number(),
  winnerBid: convertedMoney.nullable(),
});

const byLink = z.object({ urlMagicLink });

/** Every request and answer of the leaderboard operations, by operation. */
export const leaderboardContract = {
  page: { querystring: byLink, response: { 200: leaderboardPage, ...errorAnswers(403, 404) } },
  refresh: { querystring: byLink, response: { 200: leaderboard, ...errorAnswers(403, 404) } },
  winners: { querystring: byLink, response: { 200: leaderboard, ...errorAnswers(403, 404) } },
  refreshWinners: { body: refreshWinnersBody, response: { 200: z.array(winnerResult), ...errorAnswers() } },
} as const;

export type LeaderboardCard = z.infer<typeof leaderboardCard>;
export type Leaderboard = z.infer<typeof leaderboard>;
export type WinnerResult = z.infer<typeof winnerResult>;
