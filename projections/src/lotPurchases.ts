import type { LotEvent } from '@auction/engine';
import type { LotPurchase } from './rows.ts';

/** `lot_purchases`: one row per ItemPurchased. A removal never touches purchases. */
export function lotPurchaseOf(lotId: number, event: LotEvent): LotPurchase | null {
  if (event.type !== 'ItemPurchased') return null;
  const { purchaseId, bidderId, quantity, unitPrice } = event.data;
  return { lotId, purchaseId, bidderId, quantity, unitPrice, purchasedAt: event.meta.at };
}
