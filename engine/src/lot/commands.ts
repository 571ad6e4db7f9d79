import type { Cents } from '../money.ts';
import type { LotConfig } from './config.ts';

/**
 * Fields every command carries. `commandId` is the client's idempotency key, `at` the server's
 * receive time (epoch ms), and `auctionActive` the auction's status when the command arrived, since
 * the decider never looks anything up.
 */
export type CommandEnvelope = {
  commandId: string;
  userId: string | null;
  at: number;
  auctionActive: boolean;
};

export type OpenLot = CommandEnvelope & { type: 'OpenLot'; config: LotConfig };
export type PlaceBid = CommandEnvelope & { type: 'PlaceBid'; bidderId: string; amount: Cents };
/** Places a max, or raises the one the bidder holds. */
export type PlaceMaxBid = CommandEnvelope & { type: 'PlaceMaxBid'; bidderId: string; maxAmount: Cents };
export type DeleteMaxBid = CommandEnvelope & { type: 'DeleteMaxBid'; bidderId: string };
export type BuyItem = CommandEnvelope & { type: 'BuyItem'; bidderId: string; quantity: number };
/** Names the bid either by its id or by the command that produced it. */
export type RemoveBid = CommandEnvelope & {
  type: 'RemoveBid';
  bidId?: string;
  sourceCommandId?: string;
  reason: string;
};
/** The scheduled close at the lot's end. */
export type CloseLot = CommandEnvelope & { type: 'CloseLot' };
/** An administrator closing the lot before its end. */
export type CloseLotEarly = CommandEnvelope & { type: 'CloseLotEarly' };
export type HideLot = CommandEnvelope & { type: 'HideLot' };
export type ShowLot = CommandEnvelope & { type: 'ShowLot' };
export type RescheduleLot = CommandEnvelope & { type: 'RescheduleLot'; endsAt: number };
/** The auction's end moved: the end an extension may not pass (rule 5's Ta) follows it. */
export type MoveAuctionEnd = CommandEnvelope & { type: 'MoveAuctionEnd'; auctionEndsAt: number | null };
/** Only the fields given change. */
export type RepriceLot = CommandEnvelope & {
  type: 'RepriceLot';
  startingBid?: Cents | null;
  minimumIncrement?: Cents;
  multiSalePrice?: Cents | null;
  multiSaleQuantity?: number | null;
  maxPerBidder?: number | null;
};

/**
 * An operator recording a lot sold on stage: the hammer price and the winner. `live` is whether
 * the lot's sale type is Live when the command arrived, since the decider never looks anything up.
 */
export type RecordLiveSale = CommandEnvelope & {
  type: 'RecordLiveSale';
  bidderId: string;
  amount: Cents;
  live: boolean;
};

/**
 * An operator correcting a sale recorded on stage: the paddle number was misread, or the price
 * mistyped. The new winner and hammer price replace the recorded ones; `reason` is kept for the
 * auditors.
 */
export type CorrectLiveSale = CommandEnvelope & {
  type: 'CorrectLiveSale';
  bidderId: string;
  amount: Cents;
  reason: string;
};

export type LotCommand =
  | OpenLot
  | PlaceBid
  | PlaceMaxBid
  | DeleteMaxBid
  | BuyItem
  | RemoveBid
  | CloseLot
  | CloseLotEarly
  | HideLot
  | ShowLot
  | RescheduleLot
  | MoveAuctionEnd
  | RepriceLot
  | RecordLiveSale
  | CorrectLiveSale;
