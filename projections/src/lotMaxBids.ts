import type { LotEvent } from '@auction/engine';
import type { LotMaxBid } from './rows.ts';

/** A bidder's max after the event: the row, or null once deleted. */
export type MaxBidChange = { bidderId: string; maxBid: LotMaxBid | null };

/** `lot_max_bids` from MaxBidPlaced, MaxBidRaised and MaxBidDeleted. A removed max goes through the replay. */
export function lotMaxBidChangeOf(lotId: number, event: LotEvent): MaxBidChange | null {
  switch (event.type) {
    case 'MaxBidPlaced':
    case 'MaxBidRaised': {
      const { bidderId, maxAmount } = event.data;
      return { bidderId, maxBid: { lotId, bidderId, maxAmount, placedAt: event.meta.at } };
    }
    case 'MaxBidDeleted':
      return { bidderId: event.data.bidderId, maxBid: null };
    default:
      return null;
  }
}
