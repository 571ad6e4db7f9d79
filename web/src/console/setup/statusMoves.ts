import { AuctionStatus } from '@auction/contract';
import type { MessageId } from '../../i18n/messages.ts';

/**
 * The lifecycle moves the set-up screen offers (spec 001 §4) and what each does, said before it is
 * confirmed. The API accepts any status; the console offers only the moves that make sense from
 * where the auction is: forward through the lifecycle, back to Planning before it opens, archiving
 * once invoiced, and out of the archive to where it was. Completed → Invoice generated is the
 * workers' (they make the invoices), so it is never offered by hand.
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

export function statusMoves(status: number, hasCompletedDate: boolean): StatusMove[] {
  switch (status) {
    case AuctionStatus.Planning:
      return [toPreOpen, toActive];
    case AuctionStatus.PreOpen:
      return [toActive, toPlanning];
    case AuctionStatus.Active:
      return [move(AuctionStatus.Completed, 'console.status.move.completed', 'console.status.consequence.completed')];
    case AuctionStatus.InvoiceGenerated:
      return [move(AuctionStatus.Archived, 'console.status.move.archived', 'console.status.consequence.archived')];
    case AuctionStatus.Archived:
      // Out of the archive to where it was: invoiced if it ever completed, else still being planned.
      return hasCompletedDate
        ? [
            move(
              AuctionStatus.InvoiceGenerated,
              'console.status.move.unarchive',
              'console.status.consequence.unarchive',
            ),
          ]
        : [toPlanning];
    default:
      return [];
  }
}
