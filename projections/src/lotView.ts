import type { LotEvent } from '@auction/engine';
import type { LotRef, LotView } from './rows.ts';

/**
 * `lot_views` after one event. Null for a removal (rule 4 recomputes the standing, so only a
 * replay can tell the new bid count and bidders), and for any event but LotOpened on a lot with
 * no view yet.
 */
export function lotViewAfter(
  view: LotView | null,
  lot: LotRef,
  event: LotEvent,
  streamVersion: number,
): LotView | null {
  const { at } = event.meta;
  if (event.type === 'LotOpened') {
    return {
      lotId: lot.lotId,
      auctionId: lot.auctionId,
      streamVersion,
      status: 2,
      isHidden: false,
      price: null,
      leaderId: null,
      winnerId: null,
      bidCount: 0,
      bidderIds: [],
      endsAt: event.data.endsAt,
      initialEndsAt: event.data.endsAt,
      soldQuantity: 0,
      closedAt: null,
      lastEventAt: at,
    };
  }
  if (view === null) return null;
  const next = { ...view, streamVersion, lastEventAt: at };
  switch (event.type) {
    case 'BidPlaced': {
      const { bidderId, amount } = event.data;
      const bidderIds = view.bidderIds.includes(bidderId) ? view.bidderIds : [...view.bidderIds, bidderId];
      return { ...next, price: amount, leaderId: bidderId, bidCount: view.bidCount + 1, bidderIds };
    }
    case 'LotExtended':
      return { ...next, endsAt: event.data.endsAt };
    case 'LotRescheduled':
      return { ...next, endsAt: event.data.endsAt, initialEndsAt: event.data.endsAt };
    case 'LotClosed':
      return { ...next, status: event.data.status, winnerId: event.data.winnerId, closedAt: at };
    case 'LiveSaleRecorded':
      // The hammer price and the winner; the LotClosed that follows records the close.
      return { ...next, price: event.data.price, leaderId: event.data.bidderId };
    case 'LiveSaleCorrected':
      // The lot stays closed won, by the corrected winner at the corrected price.
      return { ...next, price: event.data.price, leaderId: event.data.bidderId, winnerId: event.data.bidderId };
    case 'ItemPurchased':
      return { ...next, soldQuantity: view.soldQuantity + event.data.quantity };
    case 'LotHidden':
      return { ...next, isHidden: true };
    case 'LotShown':
      return { ...next, isHidden: false };
    case 'BidRemoved':
      return null;
    case 'MaxBidPlaced':
    case 'MaxBidRaised':
    case 'MaxBidDeleted':
    case 'LotRepriced':
    case 'AuctionEndMoved':
      return next;
  }
}
