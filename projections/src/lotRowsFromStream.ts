import { LotStatus } from '@auction/contract';
import { evolve, initialState, type RecordedEvent, type StandingBid, standing } from '@auction/engine';
import { asLotEvent } from './lotEvent.ts';
import type { LotBid, LotMaxBid, LotPurchase, LotRef, LotRows } from './rows.ts';

/**
 * Every row of one lot, from nothing but its stream, through the engine's own evolve and standing:
 * what a full replay gives. The applier uses it after a removal (rule 4 re-derives automatic bids,
 * so the bid list is not "the old list minus the removed bids"), and verify compares with it.
 * Null when the stream never opened the lot.
 */
export function lotRowsFromStream(lot: LotRef, recorded: readonly RecordedEvent[]): LotRows | null {
  let state = initialState();
  const placed = new Map<string, LotBid>();
  const firstVersionOf = new Map<string, number>();
  const firstBidVersionOf = new Map<string, number>();
  const maxEvents: Array<{ commandId: string; bidderId: string; maxAmount: number; at: number }> = [];
  const purchases: LotPurchase[] = [];
  let closedAt: number | null = null;
  let last: RecordedEvent | undefined;

  for (const record of recorded) {
    const event = asLotEvent(record);
    state = evolve(state, event);
    last = record;
    const { commandId, at } = event.meta;
    if (!firstVersionOf.has(commandId)) firstVersionOf.set(commandId, record.streamVersion);
    switch (event.type) {
      case 'BidPlaced':
        if (!firstBidVersionOf.has(commandId)) firstBidVersionOf.set(commandId, record.streamVersion);
        placed.set(event.data.bidId, {
          lotId: lot.lotId,
          bidId: event.data.bidId,
          bidderId: event.data.bidderId,
          amount: event.data.amount,
          isAutoBid: event.data.isAutoBid,
          isMaxBid: event.data.isMaxBid,
          sourceCommandId: event.data.sourceCommandId,
          placedAt: at,
          streamVersion: record.streamVersion,
          removed: true,
        });
        break;
      case 'MaxBidPlaced':
      case 'MaxBidRaised':
        maxEvents.push({ commandId, bidderId: event.data.bidderId, maxAmount: event.data.maxAmount, at });
        break;
      case 'ItemPurchased':
        purchases.push({
          lotId: lot.lotId,
          purchaseId: event.data.purchaseId,
          bidderId: event.data.bidderId,
          quantity: event.data.quantity,
          unitPrice: event.data.unitPrice,
          purchasedAt: at,
        });
        break;
      case 'LotClosed':
        closedAt = at;
        break;
      default:
        break;
    }
  }
  const final = standing(state);
  if (last === undefined || final.lotStatus === LotStatus.NotStarted) return null;

  const bids = new Map(placed);
  for (const bid of final.bids) {
    const recordedBid = placed.get(bid.bidId);
    const commandId = bidCommandOf(bid);
    const streamVersion =
      recordedBid && sameBid(recordedBid, bid)
        ? recordedBid.streamVersion
        : (firstBidVersionOf.get(commandId) ?? firstVersionOf.get(commandId) ?? last.streamVersion);
    bids.set(bid.bidId, {
      lotId: lot.lotId,
      bidId: bid.bidId,
      bidderId: bid.bidderId,
      amount: bid.amount,
      isAutoBid: bid.isAutoBid,
      isMaxBid: bid.isMaxBid,
      sourceCommandId: bid.sourceCommandId,
      placedAt: bid.at,
      streamVersion,
      removed: false,
    });
  }

  const maxBids: LotMaxBid[] = Object.entries(final.maxBids).map(([bidderId, maxAmount]) => {
    const latest = maxEvents.findLast(
      (m) => m.bidderId === bidderId && m.maxAmount === maxAmount && !state.removedCommandIds.has(m.commandId),
    );
    return { lotId: lot.lotId, bidderId, maxAmount, placedAt: latest?.at ?? last.meta.at };
  });

  return {
    view: {
      lotId: lot.lotId,
      auctionId: lot.auctionId,
      streamVersion: last.streamVersion,
      status: final.lotStatus,
      isHidden: final.hidden,
      price: final.price,
      leaderId: final.leaderId,
      winnerId: final.winnerId,
      bidCount: final.bids.length,
      bidderIds: [...new Set(final.bids.map((b) => b.bidderId))],
      endsAt: final.endsAt,
      initialEndsAt: final.initialEndsAt,
      soldQuantity: final.sold,
      closedAt,
      lastEventAt: last.meta.at,
    },
    bids: [...bids.values()].sort(byStanding),
    maxBids,
    purchases,
  };
}

/** Bid ids are `<commandId>#<n>` (docs/bidding-rules.md): the command that placed the bid. */
function bidCommandOf(bid: StandingBid): string {
  return bid.bidId.slice(0, bid.bidId.lastIndexOf('#'));
}

function sameBid(row: LotBid, bid: StandingBid): boolean {
  return (
    row.bidderId === bid.bidderId &&
    row.amount === bid.amount &&
    row.isAutoBid === bid.isAutoBid &&
    row.isMaxBid === bid.isMaxBid &&
    row.sourceCommandId === bid.sourceCommandId
  );
}

/** The order `lot_bids` is read in: the standing order, removed bids where they were placed. */
export function byStanding(a: LotBid, b: LotBid): number {
  return a.streamVersion - b.streamVersion || (a.bidId < b.bidId ? -1 : a.bidId > b.bidId ? 1 : 0);
}
