import { LotStatus } from '@auction/contract';
import type { CorrectLiveSale, RecordLiveSale } from '../commands.ts';
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

/**
 * A sale recorded on stage is corrected to the winner and hammer price the auctioneer really
 * called. Only a stage sale is corrected this way: a lot won online is decided by its bids, and a
 * bid is removed instead. A correction that changes nothing is refused, so a mistaken one does not
 * tell anyone they won or lost. Whether the lot is invoiced yet is the caller's concern, as for a
 * sale.
 */
export function correctLiveSale(state: LotState, command: CorrectLiveSale): RuleResult {
  const sale = state.liveSale;
  if (sale === null) return refuse('lot_not_sold_on_stage');
  if (!isPositiveCents(command.amount)) return refuse('invalid_amount');
  const { bidderId, amount, reason } = command;
  if (bidderId === sale.bidderId && amount === sale.price) return refuse('live_sale_unchanged');
  return accept([
    {
      type: 'LiveSaleCorrected',
      data: { bidderId, price: amount, previousBidderId: sale.bidderId, previousPrice: sale.price, reason },
    },
  ]);
}
