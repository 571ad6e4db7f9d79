/** One recorded event of a lot's stream, as the verification reads it from the events table. */
export interface RecordedLotEvent {
  type: string;
  data: Record<string, unknown>;
  meta: { commandId: string; at: number };
}

export interface LotTimeline {
  /** Manual `BidPlaced` events per command id (a manual bid's command places exactly one). */
  manualBids: Map<string, number>;
  /** Bids recorded at or after the lot's end as it stood then (extensions included), or after its close. */
  lateBids: { commandId: string; at: number; endsAt: number }[];
  closed: boolean;
  /** The end the lot had when it closed, extensions included; null while open. */
  closedAtEnd: number | null;
  /** `LotClosed`'s server time minus that end, for a close at the end time (not an early close). */
  closingLagMs: number | null;
  endsAt: number | null;
}

/**
 * Folds a lot's stream in order, keeping its end as it moves (opened, extended, rescheduled), and
 * judges every bid against the end that stood before its command: the engine refuses a command at
 * or after the end, and the extension a bid causes is recorded after the bid itself.
 */
export function lotTimeline(events: readonly RecordedLotEvent[]): LotTimeline {
  const timeline: LotTimeline = {
    manualBids: new Map(),
    lateBids: [],
    closed: false,
    closedAtEnd: null,
    closingLagMs: null,
    endsAt: null,
  };
  for (const event of events) {
    switch (event.type) {
      case 'LotOpened':
      case 'LotExtended':
      case 'LotRescheduled':
        timeline.endsAt = Number(event.data.endsAt);
        break;
      case 'BidPlaced': {
        const { commandId, at } = event.meta;
        if (event.data.isAutoBid !== true) {
          timeline.manualBids.set(commandId, (timeline.manualBids.get(commandId) ?? 0) + 1);
        }
        const endsAt = timeline.endsAt ?? Number.POSITIVE_INFINITY;
        if (timeline.closed || at >= endsAt) timeline.lateBids.push({ commandId, at, endsAt });
        break;
      }
      case 'LotClosed':
        timeline.closed = true;
        if (event.data.early !== true && timeline.endsAt !== null) {
          timeline.closedAtEnd = timeline.endsAt;
          timeline.closingLagMs = event.meta.at - timeline.endsAt;
        }
        break;
    }
  }
  return timeline;
}
