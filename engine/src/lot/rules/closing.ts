import { LotStatus } from '@auction/contract';
import type { LotConfig } from '../config.ts';
import { accept, type RuleResult, refuse } from '../decision.ts';
import { isClosed, type LotState } from '../state.ts';
import { isClosedAt } from './guards.ts';

/** Rule 6, the scheduled close: the leader wins at the price; a fixed-price lot is won by its sales. */
export function closeLot(state: LotState, config: LotConfig, at: number): RuleResult {
  if (isClosed(state)) return refuse('item_closed');
  if (at < state.endsAt) return refuse('lot_not_ended');
  if (config.type === 'fixedPrice') {
    const status = state.sold > 0 ? LotStatus.ClosedWon : LotStatus.ClosedNoBid;
    return accept([{ type: 'LotClosed', data: { status, winnerId: null, price: null, early: false } }]);
  }
  const { leaderId, price } = state.position;
  return accept([
    leaderId === null
      ? { type: 'LotClosed', data: { status: LotStatus.ClosedNoBid, winnerId: null, price: null, early: false } }
      : { type: 'LotClosed', data: { status: LotStatus.ClosedWon, winnerId: leaderId, price, early: false } },
  ]);
}

/** An administrator's close before the end: status 3, closed before auction, with no winner. */
export function closeLotEarly(state: LotState, at: number): RuleResult {
  if (isClosedAt(state, at)) return refuse('item_closed');
  return accept([
    { type: 'LotClosed', data: { status: LotStatus.ClosedBeforeAuction, winnerId: null, price: null, early: true } },
  ]);
}
