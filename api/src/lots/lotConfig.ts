import { LotType } from '@auction/contract';
import type { LotConfig } from '@auction/engine';
import type { Db } from '@auction/platform';

/** Sale type 3 is fixed price (spec 001 §9); silent and live lots are bid on. */

/**
 * The rules' configuration copied into a lot's stream when it opens (DESIGN.md §1), read from the
 * reference tables: after this, a replay needs nothing but the stream.
 */
export async function readLotConfig(db: Db, lotId: number): Promise<LotConfig> {
  const row = await db
    .selectFrom('lots as l')
    .innerJoin('auctions as a', 'a.id', 'l.auction_id')
    .select([
      'l.id',
      'l.auction_id',
      'l.type',
      'l.starting_bid',
      'l.minimum_increment',
      'a.allow_proxy_bidding',
      'l.date_completed',
      'a.date_completed as auction_date_completed',
      'l.allows_time_extension',
      'l.extension_duration_in_minutes',
      'l.extension_duration_maximum_minutes',
      'l.minutes_left_before_allowing_extension',
      'l.multi_sale_price',
      'l.multi_sale_quantity',
      'l.max_per_bidder',
    ])
    .where('l.id', '=', lotId)
    .executeTakeFirstOrThrow();
  return {
    lotId: String(row.id),
    auctionId: String(row.auction_id),
    type: row.type === LotType.FixedPrice ? 'fixedPrice' : 'bidding',
    startingBid: row.starting_bid,
    minimumIncrement: row.minimum_increment,
    allowProxyBidding: row.allow_proxy_bidding,
    endsAt: row.date_completed.getTime(),
    auctionEndsAt: row.auction_date_completed?.getTime() ?? null,
    allowsTimeExtension: row.allows_time_extension,
    extensionDurationInMinutes: row.extension_duration_in_minutes,
    extensionDurationMaximumMinutes: row.extension_duration_maximum_minutes,
    minutesLeftBeforeAllowingExtension: row.minutes_left_before_allowing_extension,
    multiSalePrice: row.multi_sale_price,
    multiSaleQuantity: row.multi_sale_quantity,
    maxPerBidder: row.max_per_bidder,
  };
}
