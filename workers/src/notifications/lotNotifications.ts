import { LotStatus } from '@auction/contract';
import { evolve, type LotEvent, type LotState, type RecordedEvent } from '@auction/engine';

/** `at` is the server time of the command that caused it. */
export type BidderNotification =
  | { kind: 'outbid'; lotId: number; bidderId: string; eventKey: string; at: number }
  | { kind: 'won'; lotId: number; bidderId: string; price: number; eventKey: string; at: number };

/**
 * How old a notice may be and still be worth sending. An outbid notice is a call to bid again:
 * late, it is noise (a worker back after an outage, a new deployment following an existing log,
 * the demo's history). A winner still needs to hear it days later.
 */
export const NOTICE_MAX_AGE_MS = { outbid: 15 * 60_000, won: 7 * 24 * 3_600_000 } as const;

export function isTimely(notification: BidderNotification, now: number): boolean {
  return now - notification.at <= NOTICE_MAX_AGE_MS[notification.kind];
}

/**
 * What bidders are told about a run of one lot's events, folded from the state before them with
 * the engine's own evolve: the leader before a command that placed bids and lost the lead is
 * outbid (an automatic answer that keeps the lead tells nobody); the winner of a won close is told
 * so. `eventKey` names the lot and the stream version of the command's first event: the same
 * event read twice gives the same key, which the messages deduplicate on.
 */
export function notificationsOf(
  lotId: number,
  before: LotState,
  events: readonly RecordedEvent[],
): { state: LotState; notifications: BidderNotification[] } {
  let state = before;
  const notifications: BidderNotification[] = [];
  let i = 0;
  while (i < events.length) {
    const first = events[i] as RecordedEvent;
    const commandId = first.meta.commandId;
    const leaderBefore = state.position.leaderId;
    let placedBid = false;
    for (; i < events.length && (events[i] as RecordedEvent).meta.commandId === commandId; i++) {
      const event = events[i] as unknown as LotEvent;
      state = evolve(state, event);
      if (event.type === 'BidPlaced') placedBid = true;
      if (
        event.type === 'LotClosed' &&
        event.data.status === LotStatus.ClosedWon &&
        event.data.winnerId &&
        event.data.price !== null
      ) {
        notifications.push({
          kind: 'won',
          lotId,
          bidderId: event.data.winnerId,
          price: event.data.price,
          eventKey: `${lotId}:${first.streamVersion}`,
          at: first.meta.at,
        });
      }
    }
    const leaderAfter = state.position.leaderId;
    if (placedBid && leaderBefore !== null && leaderAfter !== leaderBefore) {
      notifications.push({
        kind: 'outbid',
        lotId,
        bidderId: leaderBefore,
        eventKey: `${lotId}:${first.streamVersion}`,
        at: first.meta.at,
      });
    }
  }
  return { state, notifications };
}
