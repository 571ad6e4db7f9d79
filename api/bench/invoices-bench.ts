import { randomUUID } from 'node:crypto';
import { auctionInvoiceQuery } from '@auction/contract';
import { createDb, createPool, migrateToLatest } from '@auction/platform';
import { invoiceFigures, invoiceTaxRows } from '@auction/platform/invoices';
import { benchSetup, insertBareAuction, insertGuests, startBenchServices, timedReads } from '@auction/platform/testing';
import { sql } from 'kysely';
import { manualPayments } from '../src/invoices/manualPayments.ts';

/**
 * `npm run -s bench:invoices -- --invoices 3000 [--runs 20]`: an auction with that many invoices
 * (two lots each, Quebec's taxes; a third paid by card, a third paid in part by cheque) and what the console's invoices section waits for on each screen an operator
 * opens: a page of invoices with their payments, refunds and lines, and the auction's totals, with
 * the bytes of the answer, and of every invoice at once (what the list read before it was paged).
 * Starts its own embedded PostgreSQL.
 */
const {
  counts: { invoices: INVOICES, runs: RUNS },
  log,
} = benchSetup('invoices-bench', { invoices: 3000, runs: 20 });

const QUEBEC = [
  { names: { fr: 'TPS', en: 'GST' }, ratePpm: 50_000 },
  { names: { fr: 'TVQ', en: 'QST' }, ratePpm: 99_750 },
];

const services = await startBenchServices('invoices-bench');
const pool = createPool(services.postgres.url, 10);
try {
  const db = createDb(pool);
  await migrateToLatest(db);
  const { organizationId, auctionId } = await insertBareAuction(db, { status: 5 });
  const bidders = await insertGuests(db, auctionId, INVOICES, (i) => ({
    user: { first_name: `Invité${i}`, last_name: 'Tremblay' },
  }));
  log(`${INVOICES} invoices, ${RUNS} runs`);
  for (let from = 0; from < INVOICES; from += 500) {
    const batch = bidders.slice(from, from + 500);
    const figures = batch.map((_, k) =>
      invoiceFigures({
        lineAmounts: [100_00 + ((from + k) % 50) * 5_00, 25_00],
        taxRates: QUEBEC,
        isDonation: false,
        billCardFee: false,
      }),
    );
    const invoices = await db
      .insertInto('invoices')
      .values(
        batch.map((bidderId, k) => {
          const i = from + k;
          const f = figures[k] as (typeof figures)[number];
          return {
            public_id: `inv_${randomUUID()}`,
            organization_id: organizationId,
            auction_id: auctionId,
            bidder_id: bidderId,
            is_donation: false,
            number: i + 1,
            status: i % 3 === 0 ? 2 : 1,
            subtotal: f.subtotal,
            card_fee: f.cardFee,
            total: f.total,
            paid_at: i % 3 === 0 ? new Date() : null,
          };
        }),
      )
      .returning(['id', 'bidder_id', 'total', 'number'])
      .execute();
    await db
      .insertInto('invoice_items')
      .values(
        invoices.flatMap((invoice, k) => {
          const amounts = [100_00 + ((from + k) % 50) * 5_00, 25_00];
          return amounts.map((amount, position) => ({
            invoice_id: invoice.id,
            position,
            line_id: `lot:${invoice.number * 2 + position}`,
            kind: 'lot' as const,
            lot_number: invoice.number * 2 + position,
            lot_type: 1,
            description: JSON.stringify({ fr: `Lot ${invoice.number}`, en: `Item ${invoice.number}` }),
            quantity: 1,
            unit_price: amount,
            amount,
          }));
        }),
      )
      .execute();
    await db
      .insertInto('invoice_taxes')
      .values(
        invoices.flatMap((invoice, k) => invoiceTaxRows(invoice.id, (figures[k] as (typeof figures)[number]).taxes)),
      )
      .execute();
    const byCard = invoices.filter((invoice) => (invoice.number - 1) % 3 === 0);
    if (byCard.length > 0) {
      await db
        .insertInto('payment_attempts')
        .values(
          byCard.map((invoice) => ({
            id: randomUUID(),
            invoice_id: invoice.id,
            user_id: invoice.bidder_id,
            stripe_payment_method_id: 'pm_bench',
            amount: invoice.total,
            currency: 'CAD',
            status: 'succeeded' as const,
            payment_intent_id: `pi_${randomUUID()}`,
          })),
        )
        .execute();
    }
    const byCheque = invoices.filter((invoice) => (invoice.number - 1) % 3 === 1);
    if (byCheque.length > 0) {
      await db
        .insertInto('invoice_manual_payments')
        .values(
          byCheque.map((invoice) => ({
            invoice_id: invoice.id,
            command_id: randomUUID(),
            amount: 50_00,
            method: 'cheque' as const,
            note: 'Chèque 1042',
          })),
        )
        .execute();
    }
  }
  await sql`ANALYZE`.execute(db);
  const repository = manualPayments({ db, afterPaid: async () => {}, afterReopened: async () => {} });
  // The console's reader: staff billed by none of the invoices.
  const reader = randomUUID();
  const screens: Record<string, Record<string, string>> = {
    'first page by number (25)': {},
    'most due first (25)': { sort: 'due', direction: 'desc' },
    'search "invité12 tremblay" (25)': { q: 'invité12 tremblay' },
    'partly paid, with an amount due, page 2 (100)': {
      state: 'partly',
      quickFilters: 'due',
      currentPage: '2',
      pageSize: '100',
    },
  };
  const results: Record<string, { p50: number; p95: number; kib: number; count: number }> = {};
  for (const [name, query] of Object.entries(screens)) {
    const request = auctionInvoiceQuery.parse(query);
    const { p50, p95, answer } = await timedReads(RUNS, () => repository.ofAuction(auctionId, request, reader));
    results[name] = {
      p50,
      p95,
      kib: Math.round(JSON.stringify(answer).length / 1024),
      count: answer.count,
    };
  }
  let everyInvoice = 0;
  for (let page = 1; page <= Math.ceil(INVOICES / 200); page += 1) {
    const answer = await repository.ofAuction(
      auctionId,
      auctionInvoiceQuery.parse({ pageSize: '200', currentPage: String(page) }),
      reader,
    );
    everyInvoice += JSON.stringify(answer.invoices).length;
  }
  console.table(results);
  console.log(`every invoice at once: ${Math.round(everyInvoice / 1024)} KiB of JSON`);
} finally {
  await pool.end();
  await services.stop();
}
