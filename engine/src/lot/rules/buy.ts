import { fixedPriceOf, type LotConfig } from '../config.ts';
import { accept, type RuleResult, refuse } from '../decision.ts';
import { mapGet, type PersistentMap } from '../persistent-map.ts';

export type BuyRequest = { commandId: string; bidderId: string; quantity: number };
export type Stock = { readonly sold: number; readonly owned: PersistentMap<number> };

/** Null when the lot sells without limit. */
export function remainingOf(config: LotConfig, sold: number): number | null {
  return config.multiSaleQuantity === null ? null : Math.max(0, config.multiSaleQuantity - sold);
}

/** Rule 7: a fixed-price purchase of 1 ≤ q ≤ min(maxPerBidder − owned, remaining) at multiSalePrice. */
export function buyItem(config: LotConfig, stock: Stock, request: BuyRequest): RuleResult {
  const unitPrice = fixedPriceOf(config);
  if (unitPrice === null) return refuse('item_no_price');
  const { quantity, bidderId } = request;
  if (!Number.isSafeInteger(quantity) || quantity < 1) return refuse('invalid_quantity');
  const remaining = remainingOf(config, stock.sold);
  if (remaining === 0) return refuse('sold_out');
  const allowedForBidder =
    config.maxPerBidder === null
      ? Number.POSITIVE_INFINITY
      : config.maxPerBidder - (mapGet(stock.owned, bidderId) ?? 0);
  if (quantity > Math.min(allowedForBidder, remaining ?? Number.POSITIVE_INFINITY)) return refuse('invalid_quantity');
  return accept([{ type: 'ItemPurchased', data: { purchaseId: request.commandId, bidderId, quantity, unitPrice } }]);
}
