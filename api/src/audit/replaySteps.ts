import type { auditReplay, bidRemoval } from '@auction/contract';
import {
  evolve,
  initialState,
  type LiveSaleCorrected,
  type LotEvent,
  type LotState,
  type Standing,
  standing,
} from '@auction/engine';
import type { LoggedEvent } from '@auction/engine/audit';
import { standingView } from '../bidRemoval/removalViews.ts';
import { toMoney } from '../money.ts';

type NameOf = (id: string) => bidRemoval.RemovalBidder;
type StoredEvent = Omit<LoggedEvent, 'streamId'>;

/**
 * The command behind a group of events, named as the engine names it. The log keeps events, not
 * commands; the first event a command produced says which one it was (a bid's extension or the
 * automatic bids it triggers come after it).
 */
export function commandOf(first: { type: string; data: unknown }): string {
  const data = (first.data ?? {}) as { early?: boolean };
  switch (first.type) {
    case 'LotOpened':
      return 'OpenLot';
    case 'BidPlaced':
      return 'PlaceBid';
    case 'MaxBidPlaced':
    case 'MaxBidRaised':
      return 'PlaceMaxBid';
    case 'MaxBidDeleted':
      return 'DeleteMaxBid';
    case 'ItemPurchased':
      return 'BuyItem';
    case 'BidRemoved':
      return 'RemoveBid';
    case 'LotClosed':
      return data.early ? 'CloseLotEarly' : 'CloseLot';
    case 'LotHidden':
      return 'HideLot';
    case 'LotShown':
      return 'ShowLot';
    case 'LotRescheduled':
      return 'RescheduleLot';
    case 'LotRepriced':
      return 'RepriceLot';
    case 'AuctionEndMoved':
      return 'MoveAuctionEnd';
    case 'LiveSaleRecorded':
      return 'RecordLiveSale';
    case 'LiveSaleCorrected':
      return 'CorrectLiveSale';
    default:
      return first.type;
  }
}

/** Consecutive events of one command: a command's events are appended together, in one statement. */
export function groupByCommand(events: readonly StoredEvent[]): StoredEvent[][] {
  const groups: StoredEvent[][] = [];
  for (const event of events) {
    const last = groups[groups.length - 1];
    const commandId = commandIdOf(event);
    if (last && commandIdOf(last[0] as StoredEvent) === commandId) last.push(event);
    else groups.push([event]);
  }
  return groups;
}

const commandIdOf = (event: StoredEvent) => (event.meta as { commandId?: string } | null)?.commandId ?? '';

/**
 * Every user id the steps will name: actors, bidders, winners, removers, a corrected sale's previous winner. A standing names no one
 * else (its leader, winner and maxes are bidders of these events).
 */
export function peopleOf(events: readonly StoredEvent[]): string[] {
  const ids = new Set<string>();
  for (const event of events) {
    const userId = (event.meta as { userId?: string | null } | null)?.userId;
    if (userId) ids.add(userId);
    const data = (event.data ?? {}) as {
      bidderId?: string;
      winnerId?: string | null;
      removedBy?: string | null;
      previousBidderId?: string;
    };
    for (const id of [data.bidderId, data.winnerId, data.removedBy, data.previousBidderId]) if (id) ids.add(id);
  }
  return [...ids];
}

/**
 * The amount an event is about, in cents: a bid, a max, a sale or purchase price. A removal's
 * `price` is the standing it leaves, not an amount of its own: the step's standing shows it.
 */
function centsOf(type: string, data: unknown): number | null {
  if (type === 'BidRemoved') return null;
  const { amount, maxAmount, price, unitPrice } = (data ?? {}) as Record<string, unknown>;
  const value = [amount, maxAmount, price, unitPrice].find((v) => typeof v === 'number');
  return typeof value === 'number' ? value : null;
}

function eventView(event: StoredEvent, nameOf: NameOf): auditReplay.ReplayEvent {
  const data = (event.data ?? {}) as { bidderId?: string; winnerId?: string | null; isAutoBid?: boolean };
  const bidderId = data.bidderId ?? data.winnerId ?? null;
  return {
    version: event.streamVersion,
    type: event.type,
    recordedAt: new Date(event.recordedAt).toISOString(),
    hash: event.hash,
    bidder: bidderId ? nameOf(bidderId) : null,
    amount: toMoney(centsOf(event.type, event.data)),
    ...(typeof data.isAutoBid === 'boolean' ? { isAutoBid: data.isAutoBid } : {}),
    data: event.data,
  };
}

/** The engine's states through the stream: the standing before the first command and after each. */
export function standingsThrough(groups: readonly StoredEvent[][]): Standing[] {
  let state: LotState = initialState();
  const standings = [standing(state)];
  for (const group of groups) {
    for (const event of group) state = evolve(state, event as unknown as LotEvent);
    standings.push(standing(state));
  }
  return standings;
}

/**
 * A lot's stream as an auditor steps through it: one step per command, with the events it
 * produced, who sent it, the server's time, and the standing after it, computed by the engine's
 * own evolve from the recorded events alone (as `npm run replay` does). A removal also carries
 * who removed whose bid, the reason, and the standing before it beside the one after.
 */
export function replaySteps(events: readonly StoredEvent[], nameOf: NameOf): auditReplay.ReplayStep[] {
  const groups = groupByCommand(events);
  const standings = standingsThrough(groups);
  return groups.map((group, index) => {
    const first = group[0] as StoredEvent;
    const meta = (first.meta ?? {}) as { commandId?: string; userId?: string | null; at?: number };
    const before = standingView(standings[index] as Standing, nameOf);
    const after = standingView(standings[index + 1] as Standing, nameOf);
    const removed = group.find((event) => event.type === 'BidRemoved');
    const removal = removed
      ? (() => {
          const data = removed.data as {
            bidderId: string;
            removedBy: string | null;
            reason: string;
            removedCommandIds: string[];
          };
          return {
            removedBy: data.removedBy ? nameOf(data.removedBy) : null,
            bidder: nameOf(data.bidderId),
            reason: data.reason,
            removedCommandIds: data.removedCommandIds,
            before,
            after,
          };
        })()
      : null;
    const corrected = group.find((event) => event.type === 'LiveSaleCorrected');
    const correction = corrected ? correctionView(corrected.data as LiveSaleCorrected['data'], nameOf) : null;
    return {
      index,
      commandId: meta.commandId ?? '',
      command: commandOf(first),
      at: new Date(meta.at ?? first.recordedAt).toISOString(),
      actor: meta.userId ? nameOf(meta.userId) : null,
      events: group.map((event) => eventView(event, nameOf)),
      standing: after,
      removal,
      correction,
    };
  });
}

function correctionView(data: LiveSaleCorrected['data'], nameOf: NameOf): auditReplay.ReplayCorrection {
  return {
    previousWinner: nameOf(data.previousBidderId),
    previousPrice: toMoney(data.previousPrice),
    winner: nameOf(data.bidderId),
    price: toMoney(data.price),
    reason: data.reason,
  };
}
