import { AuctionStatus } from '@auction/contract';
import type { HubEventName } from '@auction/platform';

export interface AuctionDates {
  status: number;
  datePreOpen: number | null;
  dateOpen: number | null;
  dateCompleted: number | null;
}

export interface Transition {
  from: number;
  to: number;
  at: number;
}

/**
 * The next automatic step of an auction, or null: Planning → PreOpen at datePreOpen (straight to
 * Active at dateOpen when it has no pre-open date), PreOpen → Active at dateOpen, Active →
 * Completed at dateCompleted. A step without its date waits for an operator. Completed →
 * InvoiceGenerated is not a date's: it comes with the invoices (lifecycleWorker.ts).
 */
export function nextTransition(auction: AuctionDates): Transition | null {
  const { status, datePreOpen, dateOpen, dateCompleted } = auction;
  const step = (to: number, at: number | null) => (at === null ? null : { from: status, to, at });
  switch (status) {
    case AuctionStatus.Planning:
      return datePreOpen !== null ? step(AuctionStatus.PreOpen, datePreOpen) : step(AuctionStatus.Active, dateOpen);
    case AuctionStatus.PreOpen:
      return step(AuctionStatus.Active, dateOpen);
    case AuctionStatus.Active:
      return step(AuctionStatus.Completed, dateCompleted);
    default:
      return null;
  }
}

/** The hub event that tells watchers an auction reached this status (none for the others). */
export function statusEvent(status: number): HubEventName | null {
  switch (status) {
    case AuctionStatus.PreOpen:
      return 'AuctionPreOpen';
    case AuctionStatus.Active:
      return 'AuctionStarted';
    case AuctionStatus.Completed:
      return 'AuctionEnded';
    default:
      return null;
  }
}
