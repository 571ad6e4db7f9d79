import { DONATION_STREAM_PREFIX, lotIdOfStream, PostgresEventStore } from '@auction/engine';
import type { Db } from '@auction/platform';
import { sql } from 'kysely';
import type pg from 'pg';
import { donationFromStream } from './donations/donation.ts';
import { loadDonations } from './donations/donationTables.ts';
import { donationLine, type InvoiceLine, lotInvoiceLines } from './invoices/invoiceLine.ts';
import { invoiceLineOf, readLotInvoiceLines } from './invoices/invoiceTables.ts';
import { lotRowsFromStream } from './lotRowsFromStream.ts';
import type { LotBid, LotRows, LotView } from './rows.ts';
import { loadLotRefs, readLotRows } from './tables.ts';

export interface ReadModelMismatch {
  /** The lot compared; null for a donation. */
  lotId: number | null;
  /** The donation compared (donation streams only). */
  donationId?: string;
  /** The table and column, or `lot_bids[<bidId>]` for a whole row (null when absent on one side). */
  field: string;
  readModel: unknown;
  replay: unknown;
}

export interface VerifyResult {
  /** Lot streams compared. */
  lots: number;
  /** Donation streams compared. */
  donations: number;
  mismatches: ReadModelMismatch[];
  /** Lot streams with no `lots` row, and donations to an auction that is gone: the projections leave them alone. */
  skipped: string[];
}

export interface VerifyOptions {
  pool: pg.Pool;
  db: Db;
  onProgress?: (done: number, total: number) => void;
}

const CHUNK = 200;

/**
 * Compares the read models with a fresh replay of every lot stream through the engine: every
 * column of `lot_views`, the standing `lot_bids` (and their order), `lot_max_bids`,
 * `lot_purchases` and the lot's `invoice_lines`; then every donation stream with its `donations`
 * row and invoice line. Meant for a quiet or caught-up system: a lagging runner shows as differences.
 */
export async function verifyReadModels(options: VerifyOptions): Promise<VerifyResult> {
  const { pool, db, onProgress } = options;
  const store = new PostgresEventStore(pool);
  const streams = await store.listStreams('lot-');
  const byLot = new Map<number, string>();
  const skipped: string[] = [];
  for (const streamId of streams) {
    const id = Number(lotIdOfStream(streamId));
    if (Number.isSafeInteger(id) && id > 0) byLot.set(id, streamId);
    else skipped.push(streamId);
  }
  const mismatches: ReadModelMismatch[] = [];
  let lots = 0;
  let done = 0;
  onProgress?.(0, streams.length);
  const ids = [...byLot.keys()];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const [refs, actual, lines] = await Promise.all([
      loadLotRefs(db, chunk),
      readLotRows(db, chunk),
      readLotInvoiceLines(db, chunk),
    ]);
    for (const lotId of chunk) {
      const streamId = byLot.get(lotId) as string;
      const lot = refs.get(lotId);
      if (!lot) skipped.push(streamId);
      else {
        lots++;
        const expected = lotRowsFromStream(lot, await store.readStream(streamId));
        mismatches.push(...compareLot(lotId, actual.get(lotId) ?? null, expected));
        const expectedLines = expected ? lotInvoiceLines(lot, expected.view, expected.purchases) : [];
        mismatches.push(...compareRows(lotId, 'invoice_lines', lines.get(lotId) ?? [], expectedLines, (l) => l.lineId));
      }
      onProgress?.(++done, streams.length);
    }
  }
  const orphans = await db
    .selectFrom('lot_views')
    .selectAll()
    .where('lot_id', '<>', sql<number>`all(${ids}::int[])`)
    .execute();
  for (const row of orphans) mismatches.push({ lotId: row.lot_id, field: 'lot_views', readModel: row, replay: null });
  const donations = await verifyDonations(db, store, mismatches, skipped);
  if (onProgress && done < streams.length) onProgress(streams.length, streams.length);
  return { lots, donations, mismatches, skipped };
}

/** Each donation stream replayed against its `donations` row and its invoice line; answers how many were compared. */
async function verifyDonations(
  db: Db,
  store: PostgresEventStore,
  mismatches: ReadModelMismatch[],
  skipped: string[],
): Promise<number> {
  const streams = await store.listStreams(DONATION_STREAM_PREFIX);
  const auctionIds = new Set((await db.selectFrom('auctions').select('id').execute()).map((a) => a.id));
  let compared = 0;
  const seen: string[] = [];
  for (let i = 0; i < streams.length; i += CHUNK) {
    const chunk = streams.slice(i, i + CHUNK);
    const replays = await Promise.all(
      chunk.map(async (id) => ({ id, replay: donationFromStream(await store.readStream(id)) })),
    );
    const ids = replays.flatMap((r) => (r.replay ? [r.replay.donationId] : []));
    const [rows, lineRows] = await Promise.all([
      loadDonations(db, ids),
      ids.length
        ? db
            .selectFrom('invoice_lines')
            .selectAll()
            .where('donation_id', '=', sql<string>`any(${ids}::text[])`)
            .execute()
        : Promise.resolve([]),
    ]);
    const lineOf = new Map(lineRows.map((r) => [r.donation_id as string, invoiceLineOf(r)]));
    for (const { id, replay } of replays) {
      if (!replay || !auctionIds.has(replay.auctionId)) {
        skipped.push(id);
        continue;
      }
      compared++;
      seen.push(replay.donationId);
      const actual = rows.get(replay.donationId) ?? null;
      const donationId = replay.donationId;
      if (!same(actual, replay))
        mismatches.push({ lotId: null, donationId, field: 'donations', readModel: actual, replay });
      const expectedLine: InvoiceLine | null = donationLine(replay);
      const actualLine = lineOf.get(donationId) ?? null;
      if (!same(actualLine, expectedLine))
        mismatches.push({
          lotId: null,
          donationId,
          field: 'invoice_lines',
          readModel: actualLine,
          replay: expectedLine,
        });
    }
  }
  const orphans = await db
    .selectFrom('donations')
    .selectAll()
    .where('donation_id', '<>', sql<string>`all(${seen}::text[])`)
    .execute();
  for (const row of orphans)
    mismatches.push({ lotId: null, donationId: row.donation_id, field: 'donations', readModel: row, replay: null });
  return compared;
}

const VIEW_COLUMNS: Record<keyof LotView, string> = {
  lotId: 'lot_id',
  auctionId: 'auction_id',
  streamVersion: 'stream_version',
  status: 'status',
  isHidden: 'is_hidden',
  price: 'price',
  leaderId: 'leader_id',
  winnerId: 'winner_id',
  bidCount: 'bid_count',
  bidderIds: 'bidder_ids',
  endsAt: 'ends_at',
  initialEndsAt: 'initial_ends_at',
  soldQuantity: 'sold_quantity',
  closedAt: 'closed_at',
  lastEventAt: 'last_event_at',
};

/** Rows from the table and from the replay build their objects in different key orders. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([k, v]) => [k, canonical(v)]),
        )
      : value;
const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/** Every difference between one lot's read-model rows and the replay's. */
export function compareLot(lotId: number, actual: LotRows | null, expected: LotRows | null): ReadModelMismatch[] {
  if (actual === null || expected === null) {
    return actual === expected
      ? []
      : [{ lotId, field: 'lot_views', readModel: actual?.view ?? null, replay: expected?.view ?? null }];
  }
  const found: ReadModelMismatch[] = [];
  for (const [key, column] of Object.entries(VIEW_COLUMNS) as Array<[keyof LotView, string]>) {
    if (!same(actual.view[key], expected.view[key]))
      found.push({ lotId, field: `lot_views.${column}`, readModel: actual.view[key], replay: expected.view[key] });
  }
  const standingOf = (rows: LotRows) => rows.bids.filter((b: LotBid) => !b.removed);
  const actualBids = standingOf(actual);
  const expectedBids = standingOf(expected);
  found.push(...compareRows(lotId, 'lot_bids', actualBids, expectedBids, (b) => b.bidId));
  const order = (bids: LotBid[]) => bids.map((b) => b.bidId);
  if (!found.some((m) => m.field.startsWith('lot_bids[')) && !same(order(actualBids), order(expectedBids)))
    found.push({ lotId, field: 'lot_bids.order', readModel: order(actualBids), replay: order(expectedBids) });
  found.push(...compareRows(lotId, 'lot_max_bids', actual.maxBids, expected.maxBids, (m) => m.bidderId));
  found.push(...compareRows(lotId, 'lot_purchases', actual.purchases, expected.purchases, (p) => p.purchaseId));
  return found;
}

function compareRows<T>(
  lotId: number | null,
  table: string,
  actual: T[],
  expected: T[],
  keyOf: (row: T) => string,
): ReadModelMismatch[] {
  const actualByKey = new Map(actual.map((r) => [keyOf(r), r]));
  const expectedByKey = new Map(expected.map((r) => [keyOf(r), r]));
  const found: ReadModelMismatch[] = [];
  for (const key of new Set([...actualByKey.keys(), ...expectedByKey.keys()])) {
    const a = actualByKey.get(key) ?? null;
    const e = expectedByKey.get(key) ?? null;
    if (!same(a, e)) found.push({ lotId, field: `${table}[${key}]`, readModel: a, replay: e });
  }
  return found;
}
