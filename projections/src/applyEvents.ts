import { type EventStore, isDonationStream, type LotConfig, lotIdOfStream, type RecordedEvent } from '@auction/engine';
import type { Database } from '@auction/platform';
import { type Kysely, sql } from 'kysely';
import type { Donation } from './donations/donation.ts';
import { donationAfter } from './donations/donation.ts';
import { asDonationEvent } from './donations/donationEvents.ts';
import { donationHubMessages } from './donations/donationHubMessages.ts';
import { loadDonations, writeDonations } from './donations/donationTables.ts';
import { type HubMessage, hubMessagesFor } from './hubMessages.ts';
import { donationLine, purchaseLine, wonLotLine } from './invoices/invoiceLine.ts';
import { insertInvoiceLines, replaceInvoiceLines } from './invoices/invoiceTables.ts';
import { asLotEvent } from './lotEvent.ts';
import { lotRowsFromStream } from './lotRowsFromStream.ts';
import { projectLotEvent } from './projectLotEvent.ts';
import type { LotBid, LotMaxBid, LotPurchase, LotRef, LotView } from './rows.ts';
import { loadLotRefs, loadLotViews, lotBidRow, lotMaxBidRow, lotPurchaseRow, lotViewRow } from './tables.ts';

type Db = Kysely<Database>;

export interface ApplyResult {
  /** Events that changed the read models (redelivered ones and other streams' do not count). */
  applied: number;
  /** In the order of the events; empty unless asked for. */
  hubMessages: HubMessage[];
}

/** One lot's rows as the batch leaves them, written once at the end of the batch. */
interface PendingLot {
  lot: LotRef;
  streamId: string;
  view: LotView | null;
  /** A replay replaced every row of the lot: the old bids, maxes and purchases go first. */
  replaced: boolean;
  bids: Map<string, LotBid>;
  /** Null: the bidder's max was deleted. */
  maxBids: Map<string, LotMaxBid | null>;
  purchases: Map<string, LotPurchase>;
  /** The stream's multiSaleQuantity at the current version, for the hub; undefined until needed. */
  quantity: number | null | undefined;
  /** A close or a removal happened: the won lot's invoice line may have come or gone. */
  wonLineChanged: boolean;
}

/** The closing, removal and stage correction events are the only ones that can change who won a lot, and at what price. */
const CHANGES_WINNER = new Set(['LotClosed', 'BidRemoved', 'LiveSaleCorrected']);

/** A stream `lot-<id>` whose id is a lots row id; other streams are not read models' business. */
function lotIdOf(streamId: string): number | null {
  if (!streamId.startsWith('lot-')) return null;
  const id = Number(lotIdOfStream(streamId));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The PostgreSQL applier: projects a batch of events (in the store's global order) inside the
 * caller's transaction. An event applies only when its stream version is above the lot view's (or
 * the donation's), so a redelivered batch changes nothing. Rows are folded in memory and written
 * once per batch, with the invoice lines they imply.
 */
export async function applyEvents(
  trx: Db,
  store: EventStore,
  events: readonly RecordedEvent[],
  options: { hub?: boolean } = {},
): Promise<ApplyResult> {
  const ids = [...new Set(events.map((e) => lotIdOf(e.streamId)).filter((id) => id !== null))];
  const donationEvents = events.filter((e) => isDonationStream(e.streamId)).map(asDonationEvent);
  const [refs, views, donations, auctions] = await Promise.all([
    loadLotRefs(trx, ids),
    loadLotViews(trx, ids),
    loadDonations(trx, [...new Set(donationEvents.map((e) => e.data.donationId))]),
    existingAuctions(trx, [...new Set(donationEvents.map((e) => e.data.auctionId))]),
  ]);
  const pending = new Map<number, PendingLot>();
  const changedDonations = new Map<string, Donation>();
  const hubMessages: HubMessage[] = [];
  let applied = 0;

  for (const record of events) {
    if (isDonationStream(record.streamId)) {
      const event = asDonationEvent(record);
      // Like a lot stream without its lots row: a donation to an auction that is gone is left alone.
      if (!auctions.has(event.data.auctionId)) continue;
      const donation = donationAfter(donations.get(event.data.donationId) ?? null, event);
      if (!donation) continue;
      donations.set(donation.donationId, donation);
      changedDonations.set(donation.donationId, donation);
      applied++;
      if (options.hub) hubMessages.push(...donationHubMessages(event, donation));
      continue;
    }
    const lotId = lotIdOf(record.streamId);
    const lot = lotId === null ? undefined : refs.get(lotId);
    if (lotId === null || lot === undefined) continue;
    let state = pending.get(lotId);
    if (!state) {
      state = {
        lot,
        streamId: record.streamId,
        view: views.get(lotId) ?? null,
        replaced: false,
        bids: new Map(),
        maxBids: new Map(),
        purchases: new Map(),
        quantity: undefined,
        wonLineChanged: false,
      };
      pending.set(lotId, state);
    }
    const event = asLotEvent(record);
    const projection = projectLotEvent(state.view, lot, event, record.streamVersion);
    if (projection.kind === 'skip') continue;
    if (projection.kind === 'apply') {
      const { view, bid, maxBid, purchase } = projection.changes;
      state.view = view;
      if (bid) state.bids.set(bid.bidId, bid);
      if (maxBid) state.maxBids.set(maxBid.bidderId, maxBid.maxBid);
      if (purchase) state.purchases.set(purchase.purchaseId, purchase);
      if (event.type === 'LotOpened' || event.type === 'LotRepriced') state.quantity = event.data.multiSaleQuantity;
    } else {
      const history = (await store.readStream(record.streamId)).filter((e) => e.streamVersion <= record.streamVersion);
      const rows = lotRowsFromStream(lot, history);
      if (rows === null) continue;
      state.view = rows.view;
      state.replaced = true;
      state.bids = new Map(rows.bids.map((b) => [b.bidId, b]));
      state.maxBids = new Map(rows.maxBids.map((m) => [m.bidderId, m]));
      state.purchases = new Map(rows.purchases.map((p) => [p.purchaseId, p]));
      state.quantity = quantityIn(history);
      state.wonLineChanged = true;
    }
    if (CHANGES_WINNER.has(event.type)) state.wonLineChanged = true;
    applied++;
    if (options.hub && state.view) {
      if (event.type === 'ItemPurchased' && state.quantity === undefined) {
        state.quantity = await quantityBefore(trx, record.streamId, record.streamVersion);
      }
      const remaining =
        state.quantity === null || state.quantity === undefined
          ? null
          : Math.max(0, state.quantity - state.view.soldQuantity);
      hubMessages.push(...hubMessagesFor(lot, event, state.view, remaining));
    }
  }

  await writeLots(trx, [...pending.values()]);
  await writeDonationChanges(trx, [...changedDonations.values()]);
  return { applied, hubMessages };
}

async function existingAuctions(trx: Db, auctionIds: number[]): Promise<Set<number>> {
  if (auctionIds.length === 0) return new Set();
  const rows = await trx
    .selectFrom('auctions')
    .select('id')
    .where('id', '=', sql<number>`any(${auctionIds}::int[])`)
    .execute();
  return new Set(rows.map((r) => r.id));
}

async function writeDonationChanges(trx: Db, donations: Donation[]): Promise<void> {
  if (donations.length === 0) return;
  await writeDonations(trx, donations);
  await replaceInvoiceLines(
    trx,
    donations.map((d) => `donation:${d.donationId}`),
    donations.flatMap((d) => donationLine(d) ?? []),
  );
}

async function writeLots(trx: Db, lots: PendingLot[]): Promise<void> {
  const replaced = lots.filter((l) => l.replaced).map((l) => l.lot.lotId);
  if (replaced.length) {
    const ids = sql<number>`any(${replaced}::int[])`;
    await trx.deleteFrom('lot_bids').where('lot_id', '=', ids).execute();
    await trx.deleteFrom('lot_max_bids').where('lot_id', '=', ids).execute();
    await trx.deleteFrom('lot_purchases').where('lot_id', '=', ids).execute();
  }

  const views = lots.flatMap((l) => (l.view ? [lotViewRow(l.view)] : []));
  for (const rows of chunks(views)) {
    await trx
      .insertInto('lot_views')
      .values(rows)
      .onConflict((oc) =>
        oc
          .column('lot_id')
          .doUpdateSet((eb) => ({
            auction_id: eb.ref('excluded.auction_id'),
            stream_version: eb.ref('excluded.stream_version'),
            status: eb.ref('excluded.status'),
            is_hidden: eb.ref('excluded.is_hidden'),
            price: eb.ref('excluded.price'),
            leader_id: eb.ref('excluded.leader_id'),
            winner_id: eb.ref('excluded.winner_id'),
            bid_count: eb.ref('excluded.bid_count'),
            bidder_ids: eb.ref('excluded.bidder_ids'),
            ends_at: eb.ref('excluded.ends_at'),
            initial_ends_at: eb.ref('excluded.initial_ends_at'),
            sold_quantity: eb.ref('excluded.sold_quantity'),
            closed_at: eb.ref('excluded.closed_at'),
            last_event_at: eb.ref('excluded.last_event_at'),
          }))
          .where('lot_views.stream_version', '<', (eb) => eb.ref('excluded.stream_version')),
      )
      .execute();
  }

  const bids = lots.flatMap((l) => [...l.bids.values()].map(lotBidRow));
  for (const rows of chunks(bids)) {
    await trx
      .insertInto('lot_bids')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['lot_id', 'bid_id']).doUpdateSet((eb) => ({
          bidder_id: eb.ref('excluded.bidder_id'),
          amount: eb.ref('excluded.amount'),
          is_auto_bid: eb.ref('excluded.is_auto_bid'),
          is_max_bid: eb.ref('excluded.is_max_bid'),
          source_command_id: eb.ref('excluded.source_command_id'),
          placed_at: eb.ref('excluded.placed_at'),
          stream_version: eb.ref('excluded.stream_version'),
          removed: eb.ref('excluded.removed'),
        })),
      )
      .execute();
  }

  const maxBids = lots.flatMap((l) => [...l.maxBids.values()].flatMap((m) => (m ? [lotMaxBidRow(m)] : [])));
  for (const rows of chunks(maxBids)) {
    await trx
      .insertInto('lot_max_bids')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['lot_id', 'bidder_id']).doUpdateSet((eb) => ({
          max_amount: eb.ref('excluded.max_amount'),
          placed_at: eb.ref('excluded.placed_at'),
        })),
      )
      .execute();
  }
  for (const l of lots) {
    const deleted = [...l.maxBids].flatMap(([bidderId, max]) => (max === null ? [bidderId] : []));
    if (deleted.length === 0) continue;
    await trx.deleteFrom('lot_max_bids').where('lot_id', '=', l.lot.lotId).where('bidder_id', 'in', deleted).execute();
  }

  const purchases = lots.flatMap((l) => [...l.purchases.values()].map(lotPurchaseRow));
  for (const rows of chunks(purchases)) {
    await trx
      .insertInto('lot_purchases')
      .values(rows)
      .onConflict((oc) => oc.columns(['lot_id', 'purchase_id']).doNothing())
      .execute();
  }

  await insertInvoiceLines(
    trx,
    lots.flatMap((l) => [...l.purchases.values()].map((p) => purchaseLine(l.lot, p))),
  );
  const rewon = lots.filter((l) => l.wonLineChanged && l.view);
  await replaceInvoiceLines(
    trx,
    rewon.map((l) => `lot:${l.lot.lotId}`),
    rewon.flatMap((l) => (l.view ? (wonLotLine(l.lot, l.view) ?? []) : [])),
  );
}

/** Multi-row inserts stay well under PostgreSQL's 65,535 parameters. */
function chunks<T>(rows: T[], size = 1000): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < rows.length; i += size) result.push(rows.slice(i, i + size));
  return result;
}

type QuantityEvent = { type: 'LotOpened' | 'LotRepriced'; data: Pick<LotConfig, 'multiSaleQuantity'> };
const isQuantityEvent = (e: { type: string }): e is RecordedEvent & QuantityEvent =>
  e.type === 'LotOpened' || e.type === 'LotRepriced';

function quantityIn(history: readonly RecordedEvent[]): number | null {
  return history.findLast(isQuantityEvent)?.data.multiSaleQuantity ?? null;
}

/** The quantity for sale as the stream set it before `version` (opening, then every reprice). */
async function quantityBefore(trx: Db, streamId: string, version: number): Promise<number | null> {
  const row = await trx
    .selectFrom('events')
    .select(sql<number | null>`(data->>'multiSaleQuantity')::int`.as('quantity'))
    .where('stream_id', '=', streamId)
    .where('stream_version', '<', version)
    .where('type', 'in', ['LotOpened', 'LotRepriced'])
    .orderBy('stream_version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.quantity ?? null;
}
