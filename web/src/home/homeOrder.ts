import { AuctionStatus } from '@auction/contract';
import type { AuctionSummary } from '../auctions/types.ts';

/** Live auctions first, then the ones about to open, then the recently closed (red-tinted) ones. */
const RANK: Record<number, number> = {
  [AuctionStatus.Active]: 0,
  [AuctionStatus.PreOpen]: 1,
  [AuctionStatus.Completed]: 2,
  [AuctionStatus.InvoiceGenerated]: 2,
};

/** The home page's order (spec 001 §2 leaves it open): by that rank, the API's order kept within each. */
export function orderForHome(auctions: readonly AuctionSummary[]): AuctionSummary[] {
  return auctions
    .map((auction, index) => ({ auction, index }))
    .sort((a, b) => (RANK[a.auction.status] ?? 3) - (RANK[b.auction.status] ?? 3) || a.index - b.index)
    .map(({ auction }) => auction);
}
