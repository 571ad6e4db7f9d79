import type { BidPlaced, Cents, LotStatusCode } from '@auction/engine';

type BidPlacedData = BidPlaced['data'];

/**
 * The read models' rows as the projections compute them: camelCase, times in epoch ms. The
 * applier maps them to the tables of migration 0006 (snake_case, timestamptz).
 */

/** What the projections need from the lot's reference row (`lots`), which the stream does not carry as numbers. */
export interface LotRef {
  lotId: number;
  auctionId: number;
  lotNumber: number;
  /** 1 silent, 2 live, 3 fixed price (the hub's `auctionLotItemType`). */
  type: number;
}

export interface LotView {
  lotId: number;
  auctionId: number;
  streamVersion: number;
  status: LotStatusCode;
  isHidden: boolean;
  /** The standing price, null before any bid (and always for a fixed-price lot). */
  price: Cents | null;
  leaderId: string | null;
  winnerId: string | null;
  /** Standing bids: removed ones do not count. */
  bidCount: number;
  /** Distinct bidders with a standing bid, in the order of their first standing bid. */
  bidderIds: string[];
  endsAt: number;
  initialEndsAt: number;
  soldQuantity: number;
  closedAt: number | null;
  lastEventAt: number;
}

/** A bid as its `BidPlaced` event says it, with where and when it stands. */
export interface LotBid extends BidPlacedData {
  lotId: number;
  placedAt: number;
  /**
   * The BidPlaced event's version. A bid that only a removal's recomputation produced has no event
   * of its own: it takes the version of its command's first bid (or first event), so that ordering
   * by (streamVersion, bidId) is the standing order.
   */
  streamVersion: number;
  /** No longer standing: removed by an administrator, or dropped by the recomputation after a removal. */
  removed: boolean;
}

export interface LotMaxBid {
  lotId: number;
  bidderId: string;
  maxAmount: Cents;
  /** When the current maximum was committed (the placement, or the latest raise). */
  placedAt: number;
}

export interface LotPurchase {
  lotId: number;
  purchaseId: string;
  bidderId: string;
  quantity: number;
  unitPrice: Cents;
  purchasedAt: number;
}

/** Everything the read models hold about one lot. */
export interface LotRows {
  view: LotView;
  bids: LotBid[];
  maxBids: LotMaxBid[];
  purchases: LotPurchase[];
}
