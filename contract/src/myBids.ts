import { z } from 'zod';
import { convertedMoney, errorAnswers } from './common.ts';
import { byAuctionLink, lotItem } from './lots.ts';

/**
 * The signed-in user's bids (issue 17, spec 001 §2 generic list): the lots of an auction they bid
 * on, each with their highest standing bid and where they stand. Only the caller's own bids.
 */
export const myBidStanding = z.enum(['leading', 'outbid', 'won', 'lost']);

export const myBid = z.object({
  lot: lotItem.extend({ name: z.string() }),
  /** The user's highest bid on the lot that was not removed. */
  myAmount: convertedMoney,
  standing: myBidStanding,
});

export const myBidsContract = {
  list: { querystring: byAuctionLink, response: { 200: z.array(myBid), ...errorAnswers(401, 403, 404) } },
} as const;

export type MyBid = z.infer<typeof myBid>;
export type MyBidStanding = z.infer<typeof myBidStanding>;
