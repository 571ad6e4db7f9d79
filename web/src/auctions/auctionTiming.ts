import type { MessageId } from '../i18n/messages.ts';
import { AuctionStatus, type AuctionSummary } from './types.ts';

/** Spec 001 §4 countdown target and tooltip: Planning → pre-open, PreOpen → open, else the end. */
export function auctionCountdown(auction: AuctionSummary): { target: string | null; tooltipId: MessageId } {
  if (auction.status === AuctionStatus.Planning) return { target: auction.datePreOpen, tooltipId: 'auction.preOpenAt' };
  if (auction.status === AuctionStatus.PreOpen) return { target: auction.dateOpen, tooltipId: 'auction.openAt' };
  return { target: auction.dateCompleted, tooltipId: 'auction.endingAt' };
}

/** The end message ('auction closed') is hidden while the auction is Planning, PreOpen or Active. */
export function showsEndMessage(status: number): boolean {
  return status !== AuctionStatus.Planning && status !== AuctionStatus.PreOpen && status !== AuctionStatus.Active;
}
