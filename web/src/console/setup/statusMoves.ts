import { AuctionStatus, auctionStatusMoves } from '@auction/contract';
import type { MessageId } from '../../i18n/messages.ts';

/**
 * The lifecycle moves the set-up screen offers and what each does, said before it is confirmed:
 * the moves are the contract's `auctionStatusMoves`, the ones the API accepts.
 */
export interface StatusMove {
  to: AuctionStatus;
  /** The button's label. */
  action: MessageId;
  /** What happens, stated in the confirmation before anything is sent. */
  consequence: MessageId;
}

const move = (to: AuctionStatus, action: MessageId, consequence: MessageId): StatusMove => ({
  to,
  action,
  consequence,
});

const toPreOpen = move(AuctionStatus.PreOpen, 'console.status.move.preOpen', 'console.status.consequence.preOpen');
const toActive = move(AuctionStatus.Active, 'console.status.move.active', 'console.status.consequence.active');
const toPlanning = move(AuctionStatus.Planning, 'console.status.move.planning', 'console.status.consequence.planning');

const ACTIONS: Partial<Record<AuctionStatus, StatusMove>> = {
  [AuctionStatus.Planning]: toPlanning,
  [AuctionStatus.PreOpen]: toPreOpen,
  [AuctionStatus.Active]: toActive,
  [AuctionStatus.Completed]: move(
    AuctionStatus.Completed,
    'console.status.move.completed',
    'console.status.consequence.completed',
  ),
  [AuctionStatus.Archived]: move(
    AuctionStatus.Archived,
    'console.status.move.archived',
    'console.status.consequence.archived',
  ),
  // Only ever out of the archive (the workers invoice a completed auction).
  [AuctionStatus.InvoiceGenerated]: move(
    AuctionStatus.InvoiceGenerated,
    'console.status.move.unarchive',
    'console.status.consequence.unarchive',
  ),
};

export function statusMoves(status: number, hasCompletedDate: boolean): StatusMove[] {
  return auctionStatusMoves(status, hasCompletedDate).flatMap((to) => ACTIONS[to] ?? []);
}
