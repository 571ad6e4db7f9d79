import { LotStatus } from '@auction/contract';
import type { RecordLiveSale } from '../commands.ts';
import type { LotConfig } from '../config.ts';
import { accept, type RuleResult, refuse } from '../decision.ts';
import type { LotState } from '../state.ts';
import { isPositiveCents } from './guards.ts';

/**
 * A live lot is sold on stage, and the operator records the hammer price and the winner. The
 * stage is the authority: the sale closes the lot won whatever the online bids (a live lot may
 * take bids before the evening) and whatever its end, and a lot that had closed without a bid
 * can still be sold. A lot already won, by a sale or at its close, or withdrawn (closed before
 * auction) is not sold again. The auction's status is the caller's concern: a stage sale is
 * recorded during the evening and after it, until the invoices exist.
 */
export function recordLiveSale(state: LotState, config: LotConfig, command: RecordLiveSale): RuleResult {
  if (!command.live || config.type !== 'bidding') return refuse('lot_not_live');
  if (state.lotStatus === LotStatus.ClosedWon) return refuse('lot_already_sold');
  if (state.lotStatus === LotStatus.ClosedBeforeAuction) return refuse('item_closed');
  if (!isPositiveCents(command.amount)) return refuse('invalid_amount');
  const { bidderId, amount } = command;
  return accept([
    { type: 'LiveSaleRecorded', data: { bidderId, price: amount } },
    { type: 'LotClosed', data: { status: LotStatus.ClosedWon, winnerId: bidderId, price: amount, early: false } },
  ]);
}
