import { isLotStatusClosed, LotStatus } from '@auction/contract';
import type { Cents } from '../money.ts';
import type { LotConfig, Pricing } from './config.ts';
import type { LotEvent } from './events.ts';
import type { List } from './list.ts';
import { emptyMap, mapGet, type PersistentMap } from './persistent-map.ts';
import { type BidData, emptyPosition, type Position } from './position.ts';

export type StandingBid = {
  readonly bidId: string;
  readonly bidderId: string;
  readonly amount: Cents;
  readonly isAutoBid: boolean;
  readonly isMaxBid: boolean;
  readonly at: number;
  readonly sourceCommandId: string;
};

/**
 * An accepted command that moved the bidding, or a change of the prices it was judged against.
 * A removal replays these in order; `chainId` ties a max's raises and deletion to its placement.
 */
export type LedgerEntry =
  | {
      readonly kind: 'bid';
      readonly commandId: string;
      readonly bidderId: string;
      readonly amount: Cents;
      readonly at: number;
    }
  | {
      readonly kind: 'maxBid';
      readonly commandId: string;
      readonly bidderId: string;
      readonly maxAmount: Cents;
      readonly chainId: string;
      readonly at: number;
    }
  | {
      readonly kind: 'deleteMax';
      readonly commandId: string;
      readonly bidderId: string;
      readonly chainId: string;
      readonly at: number;
    }
  | { readonly kind: 'pricing'; readonly pricing: Pricing };

/** What an accepted command produced, kept so that a retry can report it without deciding again. */
export type CommandOutcome = { readonly accepted: true; readonly events: readonly LotEvent[] };

/** The spec 001 lot statuses the engine decides: not started (not opened yet), in progress, and the three closes. */
export type LotStatusCode = typeof LotStatus.NotStarted | typeof LotStatus.InProgress | ClosedLotStatus;

/** How a lot closed: early (closed before auction), with no bid, or won. */
export type ClosedLotStatus =
  | typeof LotStatus.ClosedBeforeAuction
  | typeof LotStatus.ClosedNoBid
  | typeof LotStatus.ClosedWon;

export type LotState = {
  readonly lotStatus: LotStatusCode;
  /** The current settings: the opening configuration with every reprice and reschedule applied. */
  readonly config: LotConfig | null;
  readonly winnerId: string | null;
  readonly hidden: boolean;
  readonly endsAt: number;
  readonly initialEndsAt: number;
  readonly position: Position;
  /** The standing bid history, newest first, without removed bids. */
  readonly bids: List<StandingBid>;
  readonly bidCount: number;
  /** Newest first. */
  readonly ledger: List<LedgerEntry>;
  readonly removedCommandIds: ReadonlySet<string>;
  readonly sold: number;
  /** Units bought, by bidder. */
  readonly owned: PersistentMap<number>;
  readonly outcomes: PersistentMap<CommandOutcome>;
  /** The sale recorded on stage, if any: it fixes the winner and the price whatever the online bids. */
  readonly liveSale: LiveSale | null;
};

export type LiveSale = { readonly bidderId: string; readonly price: Cents };

export function initialState(): LotState {
  return {
    lotStatus: LotStatus.NotStarted,
    config: null,
    winnerId: null,
    hidden: false,
    endsAt: 0,
    initialEndsAt: 0,
    position: emptyPosition,
    bids: null,
    bidCount: 0,
    ledger: null,
    removedCommandIds: new Set(),
    sold: 0,
    owned: emptyMap(),
    outcomes: emptyMap(),
    liveSale: null,
  };
}

/** Spec 001 §4: a lot whose status is one of the closes; its auction's status is not the engine's concern. */
export function isClosed(state: LotState): boolean {
  return isLotStatusClosed(state.lotStatus);
}

/** Undefined for a command never accepted: refusals leave no event, so a retry of one is decided afresh. */
export function outcomeOf(state: LotState, commandId: string): CommandOutcome | undefined {
  return mapGet(state.outcomes, commandId);
}

export function standingBidOf(bid: BidData, at: number): StandingBid {
  return {
    bidId: bid.bidId,
    bidderId: bid.bidderId,
    amount: bid.amount,
    isAutoBid: bid.isAutoBid,
    isMaxBid: bid.isMaxBid,
    at,
    sourceCommandId: bid.sourceCommandId,
  };
}
