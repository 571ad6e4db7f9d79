import { randomBytes } from 'node:crypto';
import { invoiceFigures, invoiceTaxRows } from '@auction/platform/invoices';
import { beforeAll, expect } from 'vitest';
import { bearer, login } from '../../../accounts/accountFlows.ts';
import { demoOrganizationId } from '../../../fixtures/demoOrganizationAuction.ts';
import type { TestApp } from '../../../testApp.ts';
import { useTestApp } from '../../../useTestApp.ts';

/**
 * Invoices as the workers write them, for the document, receipt, refund and automatic-charge
 * tests: each on a fresh auction of the demo organisation (one invoice per bidder, auction and
 * kind), with lots carrying a fair market value when asked.
 */
export interface FixtureLine {
  amount: number;
  /** The lot's fair market value per unit; null for a lot without one. Ignored for donations. */
  valuation?: number | null;
  quantity?: number;
}

export interface FixtureOptions {
  isDonation?: boolean;
  receiptMinimumCents?: number;
  chargeAutomatically?: boolean;
  /** Quebec's taxes unless false. */
  taxes?: boolean;
  /** The card fee billed to the bidder (3.3 % of the purchases with their taxes). */
  billCardFee?: boolean;
  createdAt?: Date;
  /** An auction made by an earlier call, so that several invoices share it; a new one otherwise. */
  auctionId?: number;
}

const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const QUEBEC = [
  { names: { fr: 'TPS', en: 'GST' }, ratePpm: 50_000 },
  { names: { fr: 'TVQ', en: 'QST' }, ratePpm: 99_750 },
];

export function invoiceFixtures(test: TestApp, organizationId: () => number) {
  const { db } = test.database;

  function call(method: 'GET' | 'POST' | 'PATCH', url: string, token: string | null, payload?: unknown) {
    return test.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
  }

  async function auctionFor(options: FixtureOptions) {
    const auction = await db
      .insertInto('auctions')
      .values({
        organization_id: organizationId(),
        url_magic_link: `doc-${randomBytes(4).toString('hex')}`,
        status: 5,
        colors: '{}',
        footer: '{}',
        ...(options.receiptMinimumCents !== undefined
          ? { donation_receipt_minimum_cents: options.receiptMinimumCents }
          : {}),
        ...(options.chargeAutomatically ? { charge_automatically_at_completion: true } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('auction_translations')
      .values([
        { auction_id: auction.id, language_code: 'en', title_short: 'Winter gala' },
        { auction_id: auction.id, language_code: 'fr', title_short: "Gala d'hiver" },
      ])
      .execute();
    return auction.id;
  }

  /** One invoice of these lines for the bidder, numbered by the organisation's counter. */
  async function invoiceFor(bidderId: string, lines: FixtureLine[], options: FixtureOptions = {}) {
    const auctionId = options.auctionId ?? (await auctionFor(options));
    const isDonation = options.isDonation ?? false;
    const figures = invoiceFigures({
      lineAmounts: lines.map((l) => l.amount),
      taxRates: options.taxes === false ? [] : QUEBEC,
      isDonation,
      billCardFee: options.billCardFee ?? false,
    });
    const counter = await db
      .insertInto('invoice_counters')
      .values({ organization_id: organizationId(), last_number: 1 })
      .onConflict((oc) =>
        oc.column('organization_id').doUpdateSet((eb) => ({ last_number: eb('invoice_counters.last_number', '+', 1) })),
      )
      .returning('last_number')
      .executeTakeFirstOrThrow();
    const invoice = await db
      .insertInto('invoices')
      .values({
        public_id: `inv_${randomBytes(12).toString('base64url')}`,
        organization_id: organizationId(),
        auction_id: auctionId,
        bidder_id: bidderId,
        is_donation: isDonation,
        number: counter.last_number,
        subtotal: figures.subtotal,
        card_fee: figures.cardFee,
        total: figures.total,
        customer_business: null,
        automatic_charge: options.chargeAutomatically ? 'pending' : null,
        ...(options.createdAt ? { created_at: options.createdAt } : {}),
      })
      .returning(['id', 'public_id', 'number', 'auction_id'])
      .executeTakeFirstOrThrow();
    for (const [position, line] of lines.entries()) {
      const lot = isDonation
        ? null
        : await db
            .insertInto('lots')
            .values({
              auction_id: auctionId,
              starting_bid: 1_00,
              valuation: line.valuation ?? null,
              multi_sale_price: null,
              multi_sale_quantity: null,
              max_per_bidder: null,
              offered_by: null,
              additional_info_external_url: null,
              organization_team_id: null,
              closing_group_id: null,
              date_completed: new Date(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
      const quantity = line.quantity ?? 1;
      await db
        .insertInto('invoice_items')
        .values({
          invoice_id: invoice.id,
          position,
          line_id: `lot:${invoice.id}:${position}`,
          kind: isDonation ? 'donation' : 'lot',
          lot_id: lot?.id ?? null,
          lot_number: isDonation ? null : 7 + position,
          lot_type: isDonation ? null : 1,
          description: JSON.stringify(
            isDonation ? { en: 'Donation', fr: 'Don' } : { en: 'Cottage weekend', fr: 'Weekend au chalet' },
          ),
          quantity,
          unit_price: line.amount / quantity,
          amount: line.amount,
        })
        .execute();
    }
    if (figures.taxes.length) {
      await db.insertInto('invoice_taxes').values(invoiceTaxRows(invoice.id, figures.taxes)).execute();
    }
    return { ...invoice, total: figures.total };
  }

  /** A card through the stand-in Checkout, selected for the auction. */
  async function cardFor(token: string, auctionId: number, number = '4242 4242 4242 4242') {
    const session = await call('POST', '/api/payments/stripeinformations/1/session', token, {
      successUrl: 'http://auctions.test/en/profile',
      cancelUrl: 'http://auctions.test/en/profile',
    });
    expect(session.statusCode).toBe(200);
    await test.stripe.completeCheckout(session.json().sessionId, {
      number,
      expMonth: 12,
      expYear: NEXT_YEAR,
      name: 'Card Holder',
    });
    const cards = (await call('GET', '/api/payment-methods', token)).json() as { id: number; last4: string }[];
    const card = cards.findLast((c) => c.last4 === number.replaceAll(' ', '').slice(-4));
    if (!card) throw new Error('card not on file');
    const selected = await call('POST', '/api/auction-payment-methods', token, {
      auctionId,
      paymentMethod_Id: card.id,
    });
    expect(selected.statusCode).toBe(200);
    return card.id;
  }

  /** Successful charges Stripe (the double) made for an invoice. */
  const chargesOf = (invoiceId: number) =>
    test.stripe.events.filter(
      (event) =>
        event.type === 'payment_intent.succeeded' &&
        (event.data.object.metadata as Record<string, string>).invoiceId === String(invoiceId),
    ).length;

  return { call, invoiceFor, cardFor, chargesOf };
}

/** A test app for a file of invoice tests: the demo organisation's fixtures and its manager's session. */
export function useInvoiceTest() {
  const test = useTestApp();
  const state = { organizationId: 0, manager: '' };
  beforeAll(async () => {
    state.organizationId = await demoOrganizationId(test.database.db);
    state.manager = (await login(test.app, 'manager@demo.local', 'Demo-Manager-2026!')).body.token;
  });
  return {
    test,
    get organizationId() {
      return state.organizationId;
    },
    get manager() {
      return state.manager;
    },
    fixtures: () => invoiceFixtures(test, () => state.organizationId),
  };
}

/** The delivered emails whose message id starts with `prefix` (one per message: a message is sent once). */
export async function deliveriesOf(test: TestApp, prefix: string): Promise<number> {
  const rows = await test.database.db
    .selectFrom('message_deliveries')
    .select('status')
    .where('message_id', 'like', `${prefix}%`)
    .where('status', '=', 'sent')
    .execute();
  return rows.length;
}

/** The invoice's donation receipts, oldest first, voided ones included. */
/** An invoice's refunds, by card or by hand, oldest first. */
export const refundsOf = (test: TestApp, invoiceId: number) =>
  test.database.db
    .selectFrom('invoice_refunds')
    .selectAll()
    .where('invoice_id', '=', invoiceId)
    .orderBy(['created_at', 'id'])
    .execute();

/** The invoice's payments recorded by hand, cancelled ones included, oldest first. */
export const manualRowsOf = (test: TestApp, invoiceId: number) =>
  test.database.db
    .selectFrom('invoice_manual_payments')
    .selectAll()
    .where('invoice_id', '=', invoiceId)
    .orderBy('id')
    .execute();

export const receiptsOf = (test: TestApp, invoiceId: number) =>
  test.database.db
    .selectFrom('donation_receipts')
    .select(['number', 'eligible_amount', 'voided_at', 'replaces_number'])
    .where('invoice_id', '=', invoiceId)
    .orderBy('id')
    .execute();
