import { formatMoney, type LotEvent } from '@auction/engine';
import type { HubEventName } from '@auction/platform';
import type { LotRef, LotView } from './rows.ts';

/** One hub event for an auction (spec 001 §7), published after the batch that projected it commits. */
export interface HubMessage {
  auctionId: number;
  name: HubEventName;
  data: Record<string, unknown>;
  /** For this user's connections only (their own maximum bid); absent, for every watcher. */
  forUserId?: string;
}

const money = (cents: number | null) =>
  cents === null ? null : { value: Number(formatMoney(cents)), currencyCode: 'CAD' };
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The hub events of one projected event, from the lot's view right after it. `remaining` is the
 * fixed-price quantity still for sale (null when unlimited); only purchases read it.
 */
export function hubMessagesFor(lot: LotRef, event: LotEvent, view: LotView, remaining: number | null): HubMessage[] {
  const message = (name: HubEventName, data: Record<string, unknown>): HubMessage => ({
    auctionId: lot.auctionId,
    name,
    data: { auctionLotItemId: lot.lotId, ...data },
  });
  const bidReceived = (isDelete: boolean, extra: Record<string, unknown> = {}) =>
    message('BidReceived', {
      lotNumber: lot.lotNumber,
      auctionLotItemType: lot.type,
      isDelete,
      price: money(view.price),
      bidCount: view.bidCount,
      leaderUserId: view.leaderId,
      dateCompleted: iso(view.endsAt),
      ...extra,
    });
  switch (event.type) {
    case 'BidPlaced':
      // Whether a maximum placed it (beyond spec 001 §7's fields): the bidder whose own bid it
      // answered at once was told so by their bid's answer, and is not told again that they lost.
      return [bidReceived(false, { isAutoBid: event.data.isAutoBid })];
    case 'LiveSaleRecorded':
      return [bidReceived(false)];
    case 'BidRemoved':
      return [bidReceived(true), message('BidDeleted', { userId: event.data.bidderId })];
    case 'ItemPurchased':
      return [message('MultiSaleQuantityAdjusted', { soldQuantity: view.soldQuantity, remainingQuantity: remaining })];
    case 'LiveSaleCorrected':
      // Watchers see the corrected price and the lot's corrected winner, as at its close. Both say
      // it is a correction (beyond spec 001 §7's fields), so a screen tells the bidder the sale was
      // corrected rather than that they were outbid, and does not announce a second close.
      return [
        bidReceived(false, { isCorrection: true }),
        message('AuctionLotItemClose', {
          lotNumber: lot.lotNumber,
          status: view.status,
          winnerUserId: view.winnerId,
          early: false,
          corrected: true,
        }),
      ];
    case 'LotClosed':
      return [
        // The lot's number (beyond spec 001 §7's fields): the close's live message names the lot.
        message('AuctionLotItemClose', {
          lotNumber: lot.lotNumber,
          status: event.data.status,
          winnerUserId: event.data.winnerId,
          early: event.data.early,
        }),
      ];
    case 'LotExtended':
    case 'LotRescheduled':
      return [
        message('AuctionLotItemEndDateChanged', {
          dateCompleted: iso(view.endsAt),
          initialDateCompleted: iso(view.initialEndsAt),
          auctionLotItemNumber: lot.lotNumber,
        }),
      ];
    case 'MaxBidPlaced':
    case 'MaxBidRaised':
    case 'MaxBidDeleted':
      // The bidder's own devices only: the amount stays out (each reads its own maximum over REST).
      return [{ ...message('MaxBidChanged', { lotNumber: lot.lotNumber }), forUserId: event.data.bidderId }];
    case 'LotHidden':
    case 'LotShown':
      return [message('AuctionLotItemHidden', { isHidden: view.isHidden })];
    default:
      return [];
  }
}
