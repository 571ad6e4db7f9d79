import { isAuctionInvoiced, type LiveLot, LotStatus } from '@auction/contract';
import type { MessageId } from '../../i18n/messages.ts';
import { toCents } from '../../lib/money.ts';

/** The lot's name in the reader's language, else its other one. */
export function liveLotName(lot: LiveLot, locale: 'en' | 'fr'): string {
  return lot.translations[locale] || lot.translations.en || lot.translations.fr || '';
}

/**
 * Whether a sale may be recorded, as the engine decides it: a lot in progress, not opened yet, or
 * closed without a bid; not one already won, nor one closed before auction (withdrawn).
 */
export function isForSale(lot: LiveLot): boolean {
  return lot.status !== LotStatus.ClosedWon && lot.status !== LotStatus.ClosedBeforeAuction;
}

/**
 * Whether the sale may be corrected, as the API decides it: a lot sold on stage (not won online),
 * while the auction's invoices do not exist yet.
 */
export function isCorrectable(lot: LiveLot, auctionStatus: number): boolean {
  return lot.soldOnStage && lot.winner !== null && !isAuctionInvoiced(auctionStatus);
}

/** What the lot's line says about it. */
export function liveLotStateKey(lot: LiveLot): MessageId {
  if (lot.status === LotStatus.ClosedWon) {
    if (!lot.soldOnStage) return 'console.stage.wonOnline';
    return lot.corrected ? 'console.stage.soldOnStageCorrected' : 'console.stage.soldOnStage';
  }
  if (lot.status === LotStatus.ClosedBeforeAuction) return 'console.stage.withdrawn';
  return 'console.stage.forSale';
}

/**
 * Whether the list shows the sale as the API committed it (the same winner at the same price): the
 * read model follows the engine a moment later.
 */
export function showsSale(listed: LiveLot, committed: LiveLot): boolean {
  return (
    listed.soldOnStage &&
    listed.status === committed.status &&
    listed.corrected === committed.corrected &&
    listed.winner?.userId === committed.winner?.userId &&
    toCents(listed.price) === toCents(committed.price)
  );
}
