import type { Database } from '@auction/platform';
import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { InvoiceLine } from './invoiceLine.ts';

/** The invoice lines read model to and from its table (migration 0008). */

type Db = Kysely<Database>;

export function invoiceLineRow(line: InvoiceLine): Insertable<Database['invoice_lines']> {
  return {
    line_id: line.lineId,
    auction_id: line.auctionId,
    bidder_id: line.bidderId,
    kind: line.kind,
    lot_id: line.lotId,
    donation_id: line.donationId,
    quantity: line.quantity,
    unit_price: line.unitPrice,
    amount: line.amount,
    occurred_at: new Date(line.occurredAt),
  };
}

export function invoiceLineOf(row: Selectable<Database['invoice_lines']>): InvoiceLine {
  return {
    lineId: row.line_id,
    auctionId: row.auction_id,
    bidderId: row.bidder_id,
    kind: row.kind,
    lotId: row.lot_id,
    donationId: row.donation_id,
    quantity: row.quantity,
    unitPrice: row.unit_price,
    amount: row.amount,
    occurredAt: row.occurred_at.getTime(),
  };
}

/**
 * Replaces the lines with the given ids by the lines given (a line id absent from `lines` is
 * deleted): a won lot's line comes and goes with removals after the close, a donation's with its
 * deletion.
 */
export async function replaceInvoiceLines(db: Db, lineIds: readonly string[], lines: readonly InvoiceLine[]) {
  if (lineIds.length) {
    await db
      .deleteFrom('invoice_lines')
      .where('line_id', '=', sql<string>`any(${[...lineIds]}::text[])`)
      .execute();
  }
  await insertInvoiceLines(db, lines);
}

/** Inserts lines that never change once written (purchases); a redelivered one is left as it is. */
export async function insertInvoiceLines(db: Db, lines: readonly InvoiceLine[]): Promise<void> {
  for (let i = 0; i < lines.length; i += 1000) {
    await db
      .insertInto('invoice_lines')
      .values(lines.slice(i, i + 1000).map(invoiceLineRow))
      .onConflict((oc) => oc.column('line_id').doNothing())
      .execute();
  }
}

/** The lines of the given lots, for verify. */
export async function readLotInvoiceLines(db: Db, lotIds: readonly number[]): Promise<Map<number, InvoiceLine[]>> {
  const result = new Map<number, InvoiceLine[]>();
  if (lotIds.length === 0) return result;
  const rows = await db
    .selectFrom('invoice_lines')
    .selectAll()
    .where('lot_id', '=', sql<number>`any(${[...lotIds]}::int[])`)
    .orderBy('line_id')
    .execute();
  for (const row of rows) {
    const lotId = row.lot_id as number;
    result.set(lotId, [...(result.get(lotId) ?? []), invoiceLineOf(row)]);
  }
  return result;
}
