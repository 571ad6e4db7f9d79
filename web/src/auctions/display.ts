import type { MessageId } from '../i18n/messages.ts';
import { type AuctionStatus, type AuctionSummary, AuctionStatus as Status } from './types.ts';

// One rule for the app and the server's first screen (contract/src/rules/auctionBanner.ts).
export { auctionBannerPath, auctionTitle, bannerPhotos, firstBannerPath } from '@auction/contract';

export const statusLabel: Record<AuctionStatus, MessageId> = {
  [Status.Planning]: 'auction.status.planning',
  [Status.PreOpen]: 'auction.status.preOpen',
  [Status.Active]: 'auction.status.active',
  [Status.Completed]: 'auction.status.completed',
  [Status.InvoiceGenerated]: 'auction.status.invoiceGenerated',
  [Status.Archived]: 'auction.status.archived',
};

export function isClosed(status: AuctionStatus): boolean {
  return status === Status.Completed || status === Status.InvoiceGenerated;
}

// Spec 001 §4: Planning and Archived never appear in lists.
export function isListed(status: AuctionStatus): boolean {
  return status !== Status.Planning && status !== Status.Archived;
}

/** The one date a bidder cares about now: when it opens, when it ends, or when it closed. */
export function auctionMilestone(
  auction: Pick<AuctionSummary, 'status' | 'dateOpen' | 'dateCompleted'>,
): { messageId: MessageId; date: string } | undefined {
  if (auction.status === Status.PreOpen) {
    return auction.dateOpen ? { messageId: 'auction.opensAt', date: auction.dateOpen } : undefined;
  }
  if (auction.status === Status.Active) {
    return auction.dateCompleted ? { messageId: 'auction.endsAt', date: auction.dateCompleted } : undefined;
  }
  return auction.dateCompleted ? { messageId: 'auction.closedAt', date: auction.dateCompleted } : undefined;
}
