import type { LotEvent } from '@auction/engine';
import type { LotBid } from './rows.ts';

/** `lot_bids`: one row per BidPlaced. Removals are not handled here: they replay the stream. */
export function lotBidOf(lotId: number, event: LotEvent, streamVersion: number): LotBid | null {
  if (event.type !== 'BidPlaced') return null;
  const { bidId, bidderId, amount, isAutoBid, isMaxBid, sourceCommandId } = event.data;
  return {
    lotId,
    bidId,
    bidderId,
    amount,
    isAutoBid,
    isMaxBid,
    sourceCommandId,
    placedAt: event.meta.at,
    streamVersion,
    removed: false,
  };
}
