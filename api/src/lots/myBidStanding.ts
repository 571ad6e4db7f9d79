import { LotStatus, type MyBidStanding } from '@auction/contract';

/** Lots still taking bids; any other status is a closed lot (won, no bid, paid, sent, received…). */
const OPEN: ReadonlySet<number> = new Set([LotStatus.NotStarted, LotStatus.InProgress, LotStatus.ClosingSoon]);

/**
 * Where a bidder stands on a lot they bid on: while it is open, leading or outbid (the lot's
 * leader); once closed, won or lost (the lot's winner).
 */
export function myBidStanding(
  lot: { status: number; leaderId: string | null; winnerId: string | null },
  userId: string,
): MyBidStanding {
  if (OPEN.has(lot.status)) return lot.leaderId === userId ? 'leading' : 'outbid';
  return lot.winnerId === userId ? 'won' : 'lost';
}
