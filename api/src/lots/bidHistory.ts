import { type CurrencyView, moneyIn } from '../currency/convertedMoney.ts';
import type { LotsRepository } from './lotsRepository.ts';

type BidRow = Awaited<ReturnType<LotsRepository['bidHistory']>>[number];

/** Spec 001 §3 bid history entries, money as the reader sees it. */
export function bidHistoryDto(rows: BidRow[], lotId: number, currency: CurrencyView) {
  return rows.map((b) => ({
    id: b.bid_id,
    auctionLotItemId: lotId,
    userId: b.bidder_id,
    bidderDisplayName: b.nick_name,
    amount: moneyIn(currency, b.amount),
    isAutoBid: b.is_auto_bid,
    isMaxBid: b.is_max_bid,
    bidDate: new Date(b.placed_at).toISOString(),
  }));
}
