import type { LotStatusCode } from '@auction/engine';
import type { Database } from '@auction/platform';
import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { LotBid, LotMaxBid, LotPurchase, LotRef, LotRows, LotView } from './rows.ts';

/** The four read models' rows to and from their tables (migration 0006). */

type Db = Kysely<Database>;
const date = (ms: number) => new Date(ms);
const ms = (value: Date) => value.getTime();

export function lotViewRow(view: LotView): Insertable<Database['lot_views']> {
  return {
    lot_id: view.lotId,
    auction_id: view.auctionId,
    stream_version: view.streamVersion,
    status: view.status,
    is_hidden: view.isHidden,
    price: view.price,
    leader_id: view.leaderId,
    winner_id: view.winnerId,
    bid_count: view.bidCount,
    bidder_ids: view.bidderIds,
    ends_at: date(view.endsAt),
    initial_ends_at: date(view.initialEndsAt),
    sold_quantity: view.soldQuantity,
    closed_at: view.closedAt === null ? null : date(view.closedAt),
    last_event_at: date(view.lastEventAt),
  };
}

export function lotBidRow(bid: LotBid): Insertable<Database['lot_bids']> {
  return {
    lot_id: bid.lotId,
    bid_id: bid.bidId,
    bidder_id: bid.bidderId,
    amount: bid.amount,
    is_auto_bid: bid.isAutoBid,
    is_max_bid: bid.isMaxBid,
    source_command_id: bid.sourceCommandId,
    placed_at: date(bid.placedAt),
    stream_version: bid.streamVersion,
    removed: bid.removed,
  };
}

export function lotMaxBidRow(max: LotMaxBid): Insertable<Database['lot_max_bids']> {
  return { lot_id: max.lotId, bidder_id: max.bidderId, max_amount: max.maxAmount, placed_at: date(max.placedAt) };
}

export function lotPurchaseRow(purchase: LotPurchase): Insertable<Database['lot_purchases']> {
  return {
    lot_id: purchase.lotId,
    purchase_id: purchase.purchaseId,
    bidder_id: purchase.bidderId,
    quantity: purchase.quantity,
    unit_price: purchase.unitPrice,
    purchased_at: date(purchase.purchasedAt),
  };
}

export function lotViewOf(row: Selectable<Database['lot_views']>): LotView {
  return {
    lotId: row.lot_id,
    auctionId: row.auction_id,
    streamVersion: row.stream_version,
    status: row.status as LotStatusCode,
    isHidden: row.is_hidden,
    price: row.price,
    leaderId: row.leader_id,
    winnerId: row.winner_id,
    bidCount: row.bid_count,
    bidderIds: row.bidder_ids,
    endsAt: ms(row.ends_at),
    initialEndsAt: ms(row.initial_ends_at),
    soldQuantity: row.sold_quantity,
    closedAt: row.closed_at === null ? null : ms(row.closed_at),
    lastEventAt: ms(row.last_event_at),
  };
}

/** The lots' reference rows, for the lots that exist: a stream without one is not projected. */
export async function loadLotRefs(db: Db, lotIds: readonly number[]): Promise<Map<number, LotRef>> {
  if (lotIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('lots')
    .select(['id', 'auction_id', 'lot_number', 'type'])
    .where('id', '=', sql<number>`any(${[...lotIds]}::int[])`)
    .execute();
  return new Map(
    rows.map((r) => [r.id, { lotId: r.id, auctionId: r.auction_id, lotNumber: r.lot_number, type: r.type }]),
  );
}

export async function loadLotViews(db: Db, lotIds: readonly number[]): Promise<Map<number, LotView>> {
  if (lotIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('lot_views')
    .selectAll()
    .where('lot_id', '=', sql<number>`any(${[...lotIds]}::int[])`)
    .execute();
  return new Map(rows.map((r) => [r.lot_id, lotViewOf(r)]));
}

/** Every read-model row of the given lots; bids in the standing order (see LotBid.streamVersion). */
export async function readLotRows(db: Db, lotIds: readonly number[]): Promise<Map<number, LotRows>> {
  const ids = sql<number>`any(${[...lotIds]}::int[])`;
  const [views, bids, maxBids, purchases] = await Promise.all([
    loadLotViews(db, lotIds),
    db
      .selectFrom('lot_bids')
      .selectAll()
      .where('lot_id', '=', ids)
      .orderBy('lot_id')
      .orderBy('stream_version')
      .orderBy(sql`bid_id collate "C"`)
      .execute(),
    db
      .selectFrom('lot_max_bids')
      .selectAll()
      .where('lot_id', '=', ids)
      .orderBy('lot_id')
      .orderBy('bidder_id')
      .execute(),
    db
      .selectFrom('lot_purchases')
      .selectAll()
      .where('lot_id', '=', ids)
      .orderBy('lot_id')
      .orderBy('purchased_at')
      .orderBy('purchase_id')
      .execute(),
  ]);
  const result = new Map<number, LotRows>();
  for (const [lotId, view] of views) result.set(lotId, { view, bids: [], maxBids: [], purchases: [] });
  for (const r of bids)
    result.get(r.lot_id)?.bids.push({
      lotId: r.lot_id,
      bidId: r.bid_id,
      bidderId: r.bidder_id,
      amount: r.amount,
      isAutoBid: r.is_auto_bid,
      isMaxBid: r.is_max_bid,
      sourceCommandId: r.source_command_id,
      placedAt: ms(r.placed_at),
      streamVersion: r.stream_version,
      removed: r.removed,
    });
  for (const r of maxBids)
    result.get(r.lot_id)?.maxBids.push({
      lotId: r.lot_id,
      bidderId: r.bidder_id,
      maxAmount: r.max_amount,
      placedAt: ms(r.placed_at),
    });
  for (const r of purchases)
    result.get(r.lot_id)?.purchases.push({
      lotId: r.lot_id,
      purchaseId: r.purchase_id,
      bidderId: r.bidder_id,
      quantity: r.quantity,
      unitPrice: r.unit_price,
      purchasedAt: ms(r.purchased_at),
    });
  return result;
}
