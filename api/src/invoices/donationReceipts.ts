import type { Database } from '@auction/platform';
import { earnsReceipt, receiptFigures } from '@auction/platform/invoices';
import type { Kysely, Transaction } from 'kysely';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Issues the donation receipt of an invoice that has just become paid, in the transaction that
 * marks it paid (docs/payments.md "Donation receipts"): the eligible amount of its lines (pure
 * rules in platform/src/invoices/donationReceipt.ts) against its auction's minimum, in the donor's
 * language. One receipt per invoice (invoice_id is unique, and only the transaction that moved
 * the invoice to paid calls this); its number comes from the organisation's receipt counter in
 * the same transaction, so numbers run on without gaps and a rolled-back payment takes none.
 */
export async function issueDonationReceipt(executor: Executor, invoiceId: number): Promise<number | null> {
  const invoice = await executor
    .selectFrom('invoices as i')
    .innerJoin('auctions as a', 'a.id', 'i.auction_id')
    .innerJoin('users as u', 'u.id', 'i.bidder_id')
    .innerJoin('organizations as o', 'o.id', 'i.organization_id')
    .select([
      'i.organization_id',
      'a.donation_receipt_minimum_cents',
      'u.preferred_language',
      'o.charity_registration_number',
      'o.receipt_address',
    ])
    .where('i.id', '=', invoiceId)
    .executeTakeFirst();
  if (!invoice) return null;
  const lines = await executor
    .selectFrom('invoice_items as it')
    .leftJoin('lots as l', 'l.id', 'it.lot_id')
    .select(['it.kind', 'it.quantity', 'it.unit_price', 'it.amount', 'l.valuation'])
    .where('it.invoice_id', '=', invoiceId)
    .execute();
  const figures = receiptFigures(
    lines.map((line) => ({
      kind: line.kind,
      quantity: line.quantity,
      unitPrice: line.unit_price,
      amount: line.amount,
      valuation: line.valuation === null ? null : Number(line.valuation),
    })),
  );
  if (!earnsReceipt(figures, Number(invoice.donation_receipt_minimum_cents))) return null;
  const counter = await executor
    .insertInto('receipt_counters')
    .values({ organization_id: invoice.organization_id, last_number: 1 })
    .onConflict((oc) =>
      oc.column('organization_id').doUpdateSet((eb) => ({ last_number: eb('receipt_counters.last_number', '+', 1) })),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  await executor
    .insertInto('donation_receipts')
    .values({
      invoice_id: invoiceId,
      organization_id: invoice.organization_id,
      number: counter.last_number,
      eligible_amount: figures.eligibleAmount,
      fair_market_value: figures.fairMarketValue,
      amount_received: figures.amountReceived,
      language: invoice.preferred_language,
      // The receipt keeps what made it official on the day it was issued.
      charity_registration_number: invoice.charity_registration_number,
      organization_address: invoice.receipt_address,
    })
    .execute();
  return counter.last_number;
}
