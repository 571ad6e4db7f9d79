import { isLotStatusClosed, LotStatus } from '@auction/contract';
import { evolve, type LiveSaleCorrected, type LotEvent, type LotState, type RecordedEvent } from '@auction/engine';

/** `at` is the server time of the command that caused it. */
export type BidderNotification =
  | { kind: 'outbid'; lotId: number; bidderId: string; eventKey: string; at: number }
  | { kind: 'won'; lotId: number; bidderId: string; price: number; eventKey: string; at: number }
  /** A removal after the close made this bidder the winner (DESIGN.md §3 rule 4). */
  | { kind: 'wonAfterRemoval'; lotId: number; bidderId: string; price: number; eventKey: string; at: number }
  /** A removal after the close took the win from this bidder. */
  | { kind: 'winWithdrawn'; lotId: number; bidderId: string; eventKey: string; at: number }
  /**
   * A stage sale corrected: this bidder wins it at the corrected price, whether the winner changed
   * (a misread paddle) or only the price (a mistyped hammer price).
   */
  | { kind: 'wonAfterCorrection'; lotId: number; bidderId: string; price: number; eventKey: string; at: number }
  /** A stage sale corrected to another bidder: it had been recorded in this one's name by mistake. */
  | { kind: 'winWithdrawnByCorrection'; lotId: number; bidderId: string; eventKey: string; at: number };

/**
 * How old a notice may be and still be worth sending. An outbid notice is a call to bid again:
 * late, it is noise (a worker back after an outage, a new deployment following an existing log,
 * the demo's history). A winner still needs to hear it days later.
 */
export const NOTICE_MAX_AGE_MS = {
  outbid: 15 * 60_000,
  won: 7 * 24 * 3_600_000,
  wonAfterRemoval: 7 * 24 * 3_600_000,
  winWithdrawn: 7 * 24 * 3_600_000,
  wonAfterCorrection: 7 * 24 * 3_600_000,
  winWithdrawnByCorrection: 7 * 24 * 3_600_000,
} as const;

export function isTimely(notification: BidderNotification, now: number): boolean {
  return now - notification.at <= NOTICE_MAX_AGE_MS[notification.kind];
}

/**
 * The events a notice can come from (a bid placed, a close, a removal, a stage sale corrected):
 * a run of a lot's events without one tells nobody, so the notifier may skip reading its stream.
 * Kept beside `notificationsOf`, which reads exactly these.
 */
export const NOTIFYING_EVENTS: ReadonlySet<string> = new Set<LotEvent['type']>([
  'BidPlaced',
  'LotClosed',
  'BidRemoved',
  'LiveSaleCorrected',
]);

/**
 * What bidders are told about a run of one lot's events, folded from the state before them with
 * the engine's own evolve: the leader before a command that placed bids and lost the lead is
 * outbid (an automatic answer that keeps the lead tells nobody); the winner of a won close is told
 * so; a removal after the close that changes the winner tells the new winner and the previous one
 * (the engine's evolve re-decides the close, so the states before and after say who); a stage sale
 * corrected tells the winner it now stands at, and the bidder it was recorded on when that changed
 * (the event itself names both, so no state is needed). `eventKey` names the lot and the stream
 * version of the command's first event: the same event read twice gives the same key, which the
 * messages deduplicate on.
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
      const winnerBefore = state.winnerId;
      state = evolve(state, event);
      if (event.type === 'BidRemoved' && isLotStatusClosed(state.lotStatus) && state.winnerId !== winnerBefore) {
        notifications.push(
          ...winnerChange(lotId, winnerBefore, state, `${lotId}:${first.streamVersion}`, first.meta.at),
        );
      }
      if (event.type === 'LiveSaleCorrected') {
        notifications.push(...saleCorrection(lotId, event.data, `${lotId}:${first.streamVersion}`, first.meta.at));
      }
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

/** Both sides of a winner changed by a removal after the close: the new winner at the new price, and the previous one. */
function winnerChange(
  lotId: number,
  previous: string | null,
  after: LotState,
  eventKey: string,
  at: number,
): BidderNotification[] {
  const told: BidderNotification[] = [];
  const price = after.position.price;
  if (after.winnerId !== null && price !== null) {
    told.push({ kind: 'wonAfterRemoval', lotId, bidderId: after.winnerId, price, eventKey, at });
  }
  if (previous !== null) told.push({ kind: 'winWithdrawn', lotId, bidderId: previous, eventKey, at });
  return told;
}

/**
 * Both sides of a stage sale corrected. The winner it now stands at is told even when only the
 * price changed: the price they were last told (at the close, or by an earlier correction) was
 * wrong, and the corrected one is what they will be billed. The bidder it was recorded on is told
 * only when the winner changed: a price correction takes nothing from them.
 */
function saleCorrection(
  lotId: number,
  correction: LiveSaleCorrected['data'],
  eventKey: string,
  at: number,
): BidderNotification[] {
  const { bidderId, price, previousBidderId } = correction;
  const told: BidderNotification[] = [{ kind: 'wonAfterCorrection', lotId, bidderId, price, eventKey, at }];
  if (previousBidderId !== bidderId) {
    told.push({ kind: 'winWithdrawnByCorrection', lotId, bidderId: previousBidderId, eventKey, at });
  }
  return told;
}
