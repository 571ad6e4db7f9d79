import { AuctionStatus } from '../codes.ts';

/**
 * The statuses an operator may move an auction to from where it is (spec 001 §4 names the
 * statuses; the moves between them are the product's, docs/operator-api.md): forward through the
 * lifecycle, back to Planning before it opens, archiving once invoiced, and out of the archive to
 * where it was (invoiced if it ever completed, else still being planned). Completed → Invoice
 * generated is the workers' (it comes with the invoices), and nothing goes back once bidding has
 * ended: the lots' outcomes are in their streams. The API refuses any other move; the console
 * offers these.
 */
export function auctionStatusMoves(status: number, hasCompletedDate: boolean): AuctionStatus[] {
  switch (status) {
    case AuctionStatus.Planning:
      return [AuctionStatus.PreOpen, AuctionStatus.Active];
    case AuctionStatus.PreOpen:
      return [AuctionStatus.Active, AuctionStatus.Planning];
    case AuctionStatus.Active:
      return [AuctionStatus.Completed];
    case AuctionStatus.InvoiceGenerated:
      return [AuctionStatus.Archived];
    case AuctionStatus.Archived:
      return [hasCompletedDate ? AuctionStatus.InvoiceGenerated : AuctionStatus.Planning];
    default:
      return [];
  }
}
