import type { Database, Translations } from '@auction/platform';
import { lineCardFees, lineCost, type RefundableLine } from '@auction/platform/invoices';
import type { Kysely, Transaction } from 'kysely';
import { byInvoice } from './byInvoice.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * An invoice's line as the receipt and a refund read it: its figures, its label and what it cost
 * with its taxes and its part of the card fee.
 */
export interface InvoiceLineCost extends RefundableLine {
  invoiceId: number;
  lotNumber: number | null;
  description: Translations;
  /** Its part of the invoice's card fee, in `costCents` (0 when the invoice has none). */
  cardFeeCents: number;
}

/**
 * The lines of the given invoices, each with what it cost with its invoice's taxes and its part of
 * the card fee (the most a refund naming it may give back) and its lot's fair market value, in the
 * invoices' order.
 */
export async function invoiceLineCosts(executor: Executor, invoiceIds: readonly number[]): Promise<InvoiceLineCost[]> {
  if (invoiceIds.length === 0) return [];
  const [items, taxes, fees] = await Promise.all([
    executor
      .selectFrom('invoice_items as it')
      .leftJoin('lots as l', 'l.id', 'it.lot_id')
      .select(['it.invoice_id', 'it.line_id', 'it.kind', 'it.quantity', 'it.unit_price', 'it.amount'])
      .select(['it.lot_number', 'it.description', 'l.valuation'])
      .where('it.invoice_id', 'in', invoiceIds)
      .orderBy('it.invoice_id')
      .orderBy('it.position')
      .execute(),
    executor
      .selectFrom('invoice_taxes')
      .select(['invoice_id', 'rate_ppm'])
      .where('invoice_id', 'in', invoiceIds)
      .execute(),
    executor.selectFrom('invoices').select(['id', 'card_fee']).where('id', 'in', invoiceIds).execute(),
  ]);
  const ratesOf = byInvoice(taxes, (tax) => tax.invoice_id);
  const costs = items.map((item) =>
    lineCost(
      item.amount,
      (ratesOf.get(item.invoice_id) ?? []).map((tax) => tax.rate_ppm),
    ),
  );
  // Each invoice's fee shared among its own lines, then handed out in the same order below.
  const costsOf = byInvoice(
    items.map((item, index) => ({ invoiceId: item.invoice_id, cost: costs[index] ?? 0 })),
    (line) => line.invoiceId,
  );
  const feeParts = new Map<number, number[]>();
  for (const fee of fees) {
    feeParts.set(
      fee.id,
      lineCardFees(
        (costsOf.get(fee.id) ?? []).map((line) => line.cost),
        fee.card_fee,
      ),
    );
  }
  return items.map((item, index) => {
    const cost = costs[index] ?? 0;
    const cardFeeCents = feeParts.get(item.invoice_id)?.shift() ?? 0;
    return {
      invoiceId: item.invoice_id,
      id: item.line_id,
      kind: item.kind,
      quantity: item.quantity,
      unitPrice: item.unit_price,
      amount: item.amount,
      valuation: item.valuation === null ? null : Number(item.valuation),
      costCents: cost + cardFeeCents,
      cardFeeCents,
      lotNumber: item.lot_number,
      description: item.description,
    };
  });
}

/**
 * What the refunds naming each line give back or are giving (pending or succeeded by default), by
 * line id. A line id names one lot, purchase or donation (`lot:12`), so it is on one invoice only.
 */
export async function refundedByLine(
  executor: Executor,
  invoiceIds: readonly number[],
  statuses: ReadonlyArray<'pending' | 'succeeded'> = ['pending', 'succeeded'],
): Promise<Map<string, number>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await executor
    .selectFrom('invoice_refunds')
    .select(['line_id', (eb) => eb.fn.sum<number>('amount').as('total')])
    .where('invoice_id', 'in', invoiceIds)
    .where('line_id', 'is not', null)
    .where('status', 'in', statuses)
    .groupBy('line_id')
    .execute();
  return new Map(rows.map((row) => [row.line_id as string, Number(row.total)]));
}
