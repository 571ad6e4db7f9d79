import { randomBytes } from 'node:crypto';
import { AuctionStatus } from '@auction/contract';
import { isCaughtUp, type Queryable } from '@auction/engine';
import { type Database, type Db, publishHubEvent, type Translations } from '@auction/platform';
import { type InvoiceChargesQueue, invoiceTaxRows, requestAutomaticCharges } from '@auction/platform/invoices';
import { PROJECTIONS_SUBSCRIPTION } from '@auction/projections';
import { CompiledQuery, type Transaction } from 'kysely';
import type { HubTarget } from '../closings/announceOnce.ts';
import { type DraftLine, invoiceDrafts } from './invoiceDrafts.ts';

export type InvoiceGeneration =
  /** The auction moved to InvoiceGenerated with this many invoices. */
  | { kind: 'generated'; invoices: number }
  /** Not Completed (not yet, or already invoiced by another worker): nothing done. */
  | { kind: 'notCompleted' }
  /** The read models have not applied the whole log yet: nothing done, look again shortly. */
  | { kind: 'behind' }
  /**
   * Lots of the auction are still open (an operator completed it before their end; they close at
   * their end, with their winners): nothing done, look again once the last one has closed.
   */
  | { kind: 'lotsOpen'; endsAt: number };

class ReadModelsBehind extends Error {}

class LotsStillOpen extends Error {
  constructor(readonly endsAt: number) {
    super('lots still open');
  }
}

const DONATION: Translations = { en: 'Donation', fr: 'Don' };

/**
 * Invoices an auction, once (docs/payments.md "Invoices"). In one transaction:
 *
 * 1. The auction moves Completed → InvoiceGenerated, conditionally on its status. Only one worker
 *    gets the row; a second run finds it invoiced and creates nothing. The row lock also orders
 *    generation after any operator bid removal in flight: the removal holds the auction row
 *    shared while its command is appended (api/src/invoices/invoiceGuard.ts), so once this
 *    update has the row, every removal either is in the log or will see InvoiceGenerated and be
 *    refused (`lot_invoiced`).
 * 2. The invoice lines read model must have applied the whole log as it stands now (so a removal
 *    or a re-won lot after the close is in the lines); otherwise the transaction is abandoned and
 *    the caller looks again.
 * 3. The lines make one invoice per bidder (lots and purchases) and one per bidder for donations;
 *    the organisation's counter is raised by their number in the same transaction, so numbers run
 *    on without gaps and a rolled-back generation takes none.
 */
export async function generateInvoices(
  db: Db,
  hub: HubTarget,
  auctionId: number,
  /** Where automatic charges are requested (the API charges them); absent, invoices stay for the bidders to pay. */
  charges?: InvoiceChargesQueue,
): Promise<InvoiceGeneration> {
  let generated: { invoices: number; dateCompleted: Date | null; chargeAutomatically: boolean } | null = null;
  try {
    generated = await db.transaction().execute(async (trx) => {
      const auction = await trx
        .updateTable('auctions')
        .set({ status: AuctionStatus.InvoiceGenerated })
        .where('id', '=', auctionId)
        .where('status', '=', AuctionStatus.Completed)
        .returning([
          'organization_id',
          'bill_credit_card_fees_to_client',
          'currency',
          'date_completed',
          'charge_automatically_at_completion',
        ])
        .executeTakeFirst();
      if (!auction) return null;
      if (!(await isCaughtUp(queryableOf(trx), PROJECTIONS_SUBSCRIPTION))) throw new ReadModelsBehind();
      // Invoicing before every lot has closed would bill nobody for them and leave their winners
      // unbilled for good: wait for the last close.
      const open = await trx
        .selectFrom('lot_views')
        .select((eb) => eb.fn.max('ends_at').as('endsAt'))
        .where('auction_id', '=', auctionId)
        .where('closed_at', 'is', null)
        .executeTakeFirst();
      if (open?.endsAt) throw new LotsStillOpen(new Date(open.endsAt).getTime());

      const [lines, taxRates, accepted] = await Promise.all([
        auctionLines(trx, auctionId),
        trx
          .selectFrom('organization_tax_rates')
          .select(['names', 'rate_ppm as ratePpm'])
          .where('organization_id', '=', auction.organization_id)
          .orderBy('position')
          .execute(),
        trx
          .selectFrom('auction_bidders')
          .select('user_id')
          .where('auction_id', '=', auctionId)
          .where('has_accepted_credit_card_fees', '=', true)
          .execute(),
      ]);
      const drafts = invoiceDrafts({
        lines,
        taxRates,
        billCreditCardFeesToClient: auction.bill_credit_card_fees_to_client,
        acceptedFees: new Set(accepted.map((row) => row.user_id)),
      });
      if (drafts.length > 0) {
        const counter = await trx
          .insertInto('invoice_counters')
          .values({ organization_id: auction.organization_id, last_number: drafts.length })
          .onConflict((oc) =>
            oc.column('organization_id').doUpdateSet((eb) => ({
              last_number: eb('invoice_counters.last_number', '+', drafts.length),
            })),
          )
          .returning('last_number')
          .executeTakeFirstOrThrow();
        const first = counter.last_number - drafts.length + 1;
        for (const [index, draft] of drafts.entries()) {
          const invoice = await trx
            .insertInto('invoices')
            .values({
              public_id: `inv_${randomBytes(12).toString('base64url')}`,
              organization_id: auction.organization_id,
              auction_id: auctionId,
              bidder_id: draft.bidderId,
              is_donation: draft.isDonation,
              number: first + index,
              currency: auction.currency,
              subtotal: draft.figures.subtotal,
              card_fee: draft.figures.cardFee,
              total: draft.figures.total,
              customer_business: null,
              // Marked in the same transaction, so a crash before the job is added loses no invoice's state.
              automatic_charge: auction.charge_automatically_at_completion ? 'pending' : null,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('invoice_items')
            .values(
              draft.lines.map((line, position) => ({
                invoice_id: invoice.id,
                position,
                line_id: line.lineId,
                kind: line.kind,
                lot_id: line.lotId,
                lot_number: line.lotNumber,
                lot_type: line.lotType,
                description: JSON.stringify(line.description),
                quantity: line.quantity,
                unit_price: line.unitPrice,
                amount: line.amount,
              })),
            )
            .execute();
          if (draft.figures.taxes.length > 0) {
            await trx.insertInto('invoice_taxes').values(invoiceTaxRows(invoice.id, draft.figures.taxes)).execute();
          }
        }
      }
      return {
        invoices: drafts.length,
        dateCompleted: auction.date_completed,
        chargeAutomatically: auction.charge_automatically_at_completion,
      };
    });
  } catch (error) {
    if (error instanceof ReadModelsBehind) return { kind: 'behind' };
    if (error instanceof LotsStillOpen) return { kind: 'lotsOpen', endsAt: error.endsAt };
    throw error;
  }
  if (!generated) return { kind: 'notCompleted' };
  if (generated.chargeAutomatically && generated.invoices > 0 && charges) {
    await requestAutomaticCharges(charges, auctionId);
  }
  await publishHubEvent(
    hub.redis,
    auctionId,
    'AuctionInvoiceGenerated',
    {
      auctionId,
      status: AuctionStatus.InvoiceGenerated,
      dateCompleted: generated.dateCompleted ? generated.dateCompleted.toISOString() : null,
    },
    hub.prefix,
  );
  return { kind: 'generated', invoices: generated.invoices };
}

/**
 * The auction's invoice lines with their lots' numbers, types and names. A lot flagged as a
 * donation (`lots.is_donation`: what its buyer pays is a gift, a meal offered to a family) is
 * billed as a donation: its line joins the bidder's donation invoice, carries no tax and counts
 * whole toward the donation receipt, under the lot's number and name (docs/payments.md "Invoices").
 * Read at invoicing, so the flag as the organiser left it at the close decides.
 */
async function auctionLines(trx: Transaction<Database>, auctionId: number): Promise<DraftLine[]> {
  const rows = await trx
    .selectFrom('invoice_lines as il')
    .leftJoin('lots as l', 'l.id', 'il.lot_id')
    .select((eb) => [
      'il.line_id',
      'il.bidder_id',
      'il.kind',
      'il.lot_id',
      'il.quantity',
      'il.unit_price',
      'il.amount',
      'l.lot_number',
      'l.type',
      'l.is_donation',
      eb
        .selectFrom('lot_translations as t')
        .whereRef('t.lot_id', '=', 'il.lot_id')
        .select((inner) => inner.fn<Translations>('jsonb_object_agg', ['t.language_code', 't.name']).as('names'))
        .as('names'),
    ])
    .where('il.auction_id', '=', auctionId)
    .execute();
  return rows.map((row) => ({
    lineId: row.line_id,
    bidderId: row.bidder_id,
    kind: row.is_donation ? 'donation' : row.kind,
    lotId: row.lot_id,
    lotNumber: row.lot_number,
    lotType: row.type,
    description: row.kind === 'donation' ? DONATION : (row.names ?? {}),
    quantity: row.quantity,
    unitPrice: row.unit_price,
    amount: row.amount,
  }));
}

/** The transaction as the engine's checkpoint reads need it. */
function queryableOf(trx: Transaction<Database>): Queryable {
  return {
    query: async <R>(text: string, values?: unknown[]) => ({
      rows: (await trx.executeQuery(CompiledQuery.raw(text, values ?? []))).rows as R[],
    }),
  } as Queryable;
}
