import { type LiveLot, LotStatus } from '@auction/contract';
import type { MessageId } from '../../i18n/messages.ts';

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

/** What the lot's line says about it. */
export function liveLotStateKey(lot: LiveLot): MessageId {
  if (lot.status === LotStatus.ClosedWon)
    return lot.soldOnStage ? 'console.stage.soldOnStage' : 'console.stage.wonOnline';
  if (lot.status === LotStatus.ClosedBeforeAuction) return 'console.stage.withdrawn';
  return 'console.stage.forSale';
}
