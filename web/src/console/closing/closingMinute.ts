import type { closingMinute } from '@auction/contract';
import type { WireEvent } from '../../live/hubClient.ts';

type ClosingMinute = closingMinute.ClosingMinute;
type ClosingLot = closingMinute.ClosingLot;

/**
 * The closing minute's pure rules (docs/console.md): how the hub's events move the snapshot
 * between two reloads, the bids-per-minute buckets, and what counts as a problem. Times are the
 * server's (serverNow), never the device's.
 */

/** How long a lot may be past its end, or an announced extension unconfirmed, before it is a problem. */
export const PROBLEM_GRACE_MS = 5000;

/** The snapshot as the screen shows it, and the ends bids announced that no end-date event has confirmed. */
export interface ClosingState {
  minute: ClosingMinute;
  /** lotId → the later end a bid announced, and when (server ms) it was announced. */
  pendingEnds: Record<number, { endsAt: number; since: number }>;
}

export type Problem =
  | { kind: 'overdue'; lotId: number; lotNumber: number; lateMs: number }
  | { kind: 'extensionPending'; lotId: number; lotNumber: number; lateMs: number };

/** Money of a hub event ({ value, currencyCode } in dollars) in cents. */
const centsOf = (money: unknown): number | null => {
  const value = (money as { value?: unknown } | null | undefined)?.value;
  return typeof value === 'number' ? Math.round(value * 100) : null;
};

/** A fresh snapshot: the pending ends it already shows are settled, the others kept. */
export function fromSnapshot(minute: ClosingMinute, previous?: ClosingState): ClosingState {
  const pendingEnds: ClosingState['pendingEnds'] = {};
  for (const [id, pending] of Object.entries(previous?.pendingEnds ?? {})) {
    const lot = minute.closingNext.find((each) => each.lotId === Number(id));
    if (lot && Date.parse(lot.endsAt) < pending.endsAt) pendingEnds[Number(id)] = pending;
  }
  return { minute, pendingEnds };
}

function withLot(state: ClosingState, lotId: number, change: (lot: ClosingLot) => ClosingLot): ClosingState {
  const closingNext = state.minute.closingNext.map((lot) => (lot.lotId === lotId ? change(lot) : lot));
  return { ...state, minute: { ...state.minute, closingNext } };
}

/**
 * One hub event applied to the state at server time `now`. What the event does not carry (the
 * bidder's nickname, the winner's) comes with the next snapshot, which every event also schedules.
 */
export function applyEvent(state: ClosingState, event: WireEvent, now: number): ClosingState {
  const lotId = Number(event.data.auctionLotItemId);
  const lot = state.minute.closingNext.find((each) => each.lotId === lotId);
  if (!lot) return state;
  switch (event.event) {
    case 'BidReceived': {
      if (event.data.isDelete === true) return state;
      const priceCents = centsOf(event.data.price);
      const announced = Date.parse(String(event.data.dateCompleted ?? ''));
      const next = withLot(state, lotId, (each) => ({
        ...each,
        priceCents,
        bidCount: typeof event.data.bidCount === 'number' ? event.data.bidCount : each.bidCount + 1,
      }));
      const bid = {
        lotId,
        lotNumber: lot.lotNumber,
        amountCents: priceCents ?? 0,
        nickName: null,
        placedAt: new Date(now).toISOString(),
        isAutoBid: false,
      };
      const pendingEnds =
        announced > Date.parse(lot.endsAt)
          ? { ...next.pendingEnds, [lotId]: { endsAt: announced, since: now } }
          : next.pendingEnds;
      return { pendingEnds, minute: { ...next.minute, recentBids: [bid, ...next.minute.recentBids] } };
    }
    case 'AuctionLotItemEndDateChanged': {
      const endsAt = Date.parse(String(event.data.dateCompleted ?? ''));
      if (Number.isNaN(endsAt)) return state;
      const before = Date.parse(lot.endsAt);
      const next = withLot(state, lotId, (each) => ({
        ...each,
        endsAt: new Date(endsAt).toISOString(),
        // A later end is an extension; an operator's reschedule is corrected by the next snapshot.
        extensions: endsAt > before ? each.extensions + 1 : each.extensions,
        extendedMs: endsAt > before ? each.extendedMs + (endsAt - before) : each.extendedMs,
      }));
      const { [lotId]: settled, ...pendingEnds } = next.pendingEnds;
      return settled && settled.endsAt > endsAt ? next : { ...next, pendingEnds };
    }
    case 'AuctionLotItemClose': {
      const closed = { ...lot, status: Number(event.data.status ?? lot.status), closedAt: new Date(now).toISOString() };
      const { [lotId]: _gone, ...pendingEnds } = state.pendingEnds;
      return {
        pendingEnds,
        minute: {
          ...state.minute,
          closingNext: state.minute.closingNext.filter((each) => each.lotId !== lotId),
          closed: [closed, ...state.minute.closed],
        },
      };
    }
    default:
      return state;
  }
}

/**
 * Bids per minute over the last `minutes` minutes, oldest first: bucket i counts the bids placed
 * in [now − (minutes − i) min, now − (minutes − i − 1) min). Bids from the future (a clock ahead)
 * count in the last minute; older ones are left out.
 */
export function bidsPerMinute(placedAt: readonly string[], now: number, minutes = 10): number[] {
  const buckets = new Array<number>(minutes).fill(0);
  for (const at of placedAt) {
    const age = now - Date.parse(at);
    if (Number.isNaN(age) || age >= minutes * 60_000) continue;
    const index = minutes - 1 - Math.floor(Math.max(age, 0) / 60_000);
    buckets[index] = (buckets[index] ?? 0) + 1;
  }
  return buckets;
}

/** Lots past their end and still open, and extensions announced but not confirmed, past the grace. */
export function problemsOf(state: ClosingState, now: number, graceMs = PROBLEM_GRACE_MS): Problem[] {
  const problems: Problem[] = [];
  for (const lot of state.minute.closingNext) {
    const lateMs = now - Date.parse(lot.endsAt);
    const pending = state.pendingEnds[lot.lotId];
    if (pending && now - pending.since > graceMs) {
      problems.push({
        kind: 'extensionPending',
        lotId: lot.lotId,
        lotNumber: lot.lotNumber,
        lateMs: now - pending.since,
      });
    } else if (!pending && lateMs > graceMs) {
      problems.push({ kind: 'overdue', lotId: lot.lotId, lotNumber: lot.lotNumber, lateMs });
    }
  }
  return problems;
}

/** The day's abbreviation, as the bidders' countdown writes it (`4 d` / `4 j`). */
const DAY = { en: 'd', fr: 'j' } as const;

/**
 * Time left as the closing minute reads it: `m:ss`, `h:mm:ss` past the hour, `4 d 23:59:56` past a
 * day (a lot days away read as "119:59:53" before); a negative time counts up.
 */
export function shortCountdown(msLeft: number, language: keyof typeof DAY = 'en'): string {
  const seconds = Math.ceil(Math.abs(msLeft) / 1000);
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  const clock =
    h > 0 || d > 0 ? `${d > 0 ? String(h).padStart(2, '0') : h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
  const text = d > 0 ? `${d} ${DAY[language]} ${clock}` : clock;
  return msLeft < 0 && seconds > 0 ? `+${text}` : text;
}
