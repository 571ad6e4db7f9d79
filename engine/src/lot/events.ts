import type { Cents } from '../money.ts';
import type { LotConfig } from './config.ts';
import type { ClosedLotStatus } from './state.ts';

/** Copied from the command that produced the event: who, which idempotency key, and server time (epoch ms). */
export type EventMeta = { commandId: string; userId: string | null; at: number };

type Event<Type extends string, Data> = { type: Type; data: Data; meta: EventMeta };

export type LotOpened = Event<'LotOpened', LotConfig>;
/**
 * `sourceCommandId` is the manual bid's own command, or for an automatic bid the command that
 * first placed the owner's max: a removal names the bid through it.
 */
export type BidPlaced = Event<
  'BidPlaced',
  {
    bidId: string;
    bidderId: string;
    amount: Cents;
    isAutoBid: boolean;
    isMaxBid: boolean;
    sourceCommandId: string;
  }
>;
export type MaxBidPlaced = Event<'MaxBidPlaced', { bidderId: string; maxAmount: Cents }>;
export type MaxBidRaised = Event<'MaxBidRaised', { bidderId: string; maxAmount: Cents; previousMaxAmount: Cents }>;
export type MaxBidDeleted = Event<'MaxBidDeleted', { bidderId: string }>;
export type LotExtended = Event<'LotExtended', { endsAt: number; previousEndsAt: number }>;
/** `price` is the sale price: null unless a bidding lot closes won. */
export type LotClosed = Event<
  'LotClosed',
  { status: ClosedLotStatus; winnerId: string | null; price: Cents | null; early: boolean }
>;
/** `price` and `leaderId` are the standing recomputed without the removed commands. */
export type BidRemoved = Event<
  'BidRemoved',
  {
    bidId: string | null;
    bidderId: string;
    removedCommandIds: string[];
    removedBy: string | null;
    reason: string;
    price: Cents | null;
    leaderId: string | null;
  }
>;
export type ItemPurchased = Event<
  'ItemPurchased',
  { purchaseId: string; bidderId: string; quantity: number; unitPrice: Cents }
>;
export type LotHidden = Event<'LotHidden', Record<string, never>>;
export type LotShown = Event<'LotShown', Record<string, never>>;
/** An administrator's new end: it becomes both the current and the initial end. */
export type LotRescheduled = Event<'LotRescheduled', { endsAt: number }>;
/** The auction's end the lot's extensions stop at, after the organisers moved it. */
export type AuctionEndMoved = Event<
  'AuctionEndMoved',
  { auctionEndsAt: number | null; previousAuctionEndsAt: number | null }
>;
/** Carries the resulting values of all five fields, whichever the command changed. */
export type LotRepriced = Event<
  'LotRepriced',
  {
    startingBid: Cents | null;
    minimumIncrement: Cents;
    multiSalePrice: Cents | null;
    multiSaleQuantity: number | null;
    maxPerBidder: number | null;
  }
>;

/** A sale on stage: the hammer price and the winner. A LotClosed (won) follows it in the same command. */
export type LiveSaleRecorded = Event<'LiveSaleRecorded', { bidderId: string; price: Cents }>;

/**
 * A stage sale corrected: the winner and hammer price that now stand, beside the ones they replace,
 * so the stream alone tells an auditor what changed, who changed it (the meta) and why.
 */
export type LiveSaleCorrected = Event<
  'LiveSaleCorrected',
  { bidderId: string; price: Cents; previousBidderId: string; previousPrice: Cents; reason: string }
>;

export type LotEvent =
  | LotOpened
  | BidPlaced
  | MaxBidPlaced
  | MaxBidRaised
  | MaxBidDeleted
  | LotExtended
  | LotClosed
  | BidRemoved
  | ItemPurchased
  | LotHidden
  | LotShown
  | LotRescheduled
  | AuctionEndMoved
  | LotRepriced
  | LiveSaleRecorded
  | LiveSaleCorrected;

export type LotEventType = LotEvent['type'];

/** An event before the command's meta is attached: what the rules produce. */
export type LotEventBody = WithoutMeta<LotEvent>;

type WithoutMeta<E> = E extends LotEvent ? Omit<E, 'meta'> : never;

export function withMeta(body: LotEventBody, meta: EventMeta): LotEvent {
  return { ...body, meta } as LotEvent;
}
