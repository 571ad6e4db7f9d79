import type { LotEvent } from '@auction/engine';
import { lotBidOf } from './lotBids.ts';
import { lotMaxBidChangeOf, type MaxBidChange } from './lotMaxBids.ts';
import { lotPurchaseOf } from './lotPurchases.ts';
import { lotViewAfter } from './lotView.ts';
import type { LotBid, LotPurchase, LotRef, LotView } from './rows.ts';

export interface LotChanges {
  view: LotView;
  bid: LotBid | null;
  maxBid: MaxBidChange | null;
  purchase: LotPurchase | null;
}

/**
 * What one event does to a lot's rows, given the lot's view before it:
 * - `skip`: the view has already applied this stream version (a redelivery);
 * - `apply`: the row changes, every read model at once;
 * - `replay`: only the stream up to this event can tell: a removal, or a version the view has
 *   not reached the step before (a gap, for example a lot whose reference row came late).
 */
export type LotProjection = { kind: 'skip' } | { kind: 'replay' } | { kind: 'apply'; changes: LotChanges };

export function projectLotEvent(
  view: LotView | null,
  lot: LotRef,
  event: LotEvent,
  streamVersion: number,
): LotProjection {
  const applied = view?.streamVersion ?? 0;
  if (streamVersion <= applied) return { kind: 'skip' };
  if (streamVersion !== applied + 1) return { kind: 'replay' };
  const next = lotViewAfter(view, lot, event, streamVersion);
  if (next === null) return { kind: 'replay' };
  return {
    kind: 'apply',
    changes: {
      view: next,
      bid: lotBidOf(lot.lotId, event, streamVersion),
      maxBid: lotMaxBidChangeOf(lot.lotId, event),
      purchase: lotPurchaseOf(lot.lotId, event),
    },
  };
}
