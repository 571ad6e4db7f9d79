import type { LotEvent } from '../lot/events.ts';
import { evolve } from '../lot/evolve.ts';
import { type Standing, standing } from '../lot/standing.ts';
import { initialState, type LotState } from '../lot/state.ts';
import type { RecordedEvent } from '../store/eventStore.ts';

/** One line of an auditor's history: what happened, when, by whom, and what became of it. */
export interface HistoryEntry {
  version: number;
  at: number;
  event: string;
  actor: string | null;
  commandId: string;
  bidder?: string;
  amount?: number;
  isAutoBid?: boolean;
  /** For bids: still standing and leading at the end, outbid, or removed by an administrator. */
  outcome?: 'winning' | 'leading' | 'outbid' | 'removed';
  detail?: string;
}

export interface LotHistory {
  streamId: string;
  entries: HistoryEntry[];
  standing: Standing;
  state: LotState;
}

/** Replays a lot's stream from nothing but its events (the same evolve the engine uses). */
export function replayLot(streamId: string, events: RecordedEvent[]): LotHistory {
  let state = initialState();
  for (const event of events) state = evolve(state, event as unknown as LotEvent);
  const final = standing(state);
  const standingBidIds = new Set(final.bids.map((b) => b.bidId));
  const lastStanding = final.bids[final.bids.length - 1];
  const closed = final.lotStatus === 5;

  const entries = events.map((recorded): HistoryEntry => {
    const event = recorded as unknown as LotEvent;
    const base = {
      version: recorded.streamVersion,
      at: event.meta.at,
      event: event.type,
      actor: event.meta.userId,
      commandId: event.meta.commandId,
    };
    switch (event.type) {
      case 'BidPlaced': {
        const { bidId, bidderId, amount, isAutoBid } = event.data;
        const outcome = !standingBidIds.has(bidId)
          ? 'removed'
          : lastStanding?.bidId === bidId
            ? closed
              ? 'winning'
              : 'leading'
            : 'outbid';
        return { ...base, bidder: bidderId, amount, isAutoBid, outcome };
      }
      case 'MaxBidPlaced':
      case 'MaxBidRaised':
        return { ...base, bidder: event.data.bidderId, amount: event.data.maxAmount };
      case 'MaxBidDeleted':
        return { ...base, bidder: event.data.bidderId };
      case 'LotExtended':
        return { ...base, detail: `end ${iso(event.data.previousEndsAt)} -> ${iso(event.data.endsAt)}` };
      case 'LotRescheduled':
        return { ...base, detail: `end -> ${iso(event.data.endsAt)}` };
      case 'LotClosed':
        return {
          ...base,
          bidder: event.data.winnerId ?? undefined,
          amount: event.data.price ?? undefined,
          detail: `status ${event.data.status}${event.data.early ? ' (closed early)' : ''}`,
        };
      case 'BidRemoved':
        return {
          ...base,
          bidder: event.data.bidderId,
          detail: `removed by ${event.data.removedBy ?? 'unknown'}: ${event.data.reason} (commands ${event.data.removedCommandIds.join(', ')})`,
        };
      case 'ItemPurchased':
        return {
          ...base,
          bidder: event.data.bidderId,
          amount: event.data.unitPrice,
          detail: `quantity ${event.data.quantity}`,
        };
      default:
        return base;
    }
  });
  return { streamId, entries, standing: final, state };
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Self-consistency of a stream without any read model: dense versions, and every recorded
 * removal's standing equal to the one the replay recomputes at that point.
 */
export function verifyStream(events: RecordedEvent[]): string[] {
  const problems: string[] = [];
  let state = initialState();
  events.forEach((recorded, i) => {
    if (recorded.streamVersion !== i + 1) problems.push(`version ${recorded.streamVersion} at index ${i}`);
    const event = recorded as unknown as LotEvent;
    state = evolve(state, event);
    if (event.type === 'BidRemoved') {
      const now = standing(state);
      if (now.price !== event.data.price || now.leaderId !== event.data.leaderId) {
        problems.push(
          `v${recorded.streamVersion} BidRemoved records ${event.data.leaderId}@${event.data.price}, replay gives ${now.leaderId}@${now.price}`,
        );
      }
    }
  });
  return problems;
}
