import { isAuctionInvoiced } from '@auction/contract';
import type { Db, Translations } from '@auction/platform';
import { sql } from 'kysely';
import { auctionStripeInformationSql } from '../payments/cardSql.ts';
import { amountCentsOf } from './amountSearch.ts';
import { cardAndHandPaid } from './invoiceListSql.ts';

/** Invoices in PostgreSQL (migration 0015), as the invoice calls read and change them. */

export interface InvoiceRow {
  id: number;
  public_id: string;
  organization_id: number;
  organization_name: string;
  auction_id: number;
  auction_languages: number[];
  bidder_id: string;
  is_donation: boolean;
  number: number;
  status: number;
  currency: string;
  subtotal: number;
  card_fee: number;
  total: number;
  customer_business: string | null;
  created_at: Date;
  paid_at: Date | null;
}

export interface InvoiceSummaryRow extends InvoiceRow {
  auction_names: Translations;
  customer_name: string;
  paid_cents: number;
}

export interface InvoiceDetail {
  invoice: InvoiceRow;
  auctionNames: Array<{ languageCode: string; titleShort: string }>;
  customer: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string | null;
    address: string | null;
    apartment: string | null;
    city: string | null;
    province: string | null;
    postalCode: string | null;
    country: string | null;
    language: 'en' | 'fr';
  };
  lines: Array<{
    line_id: string;
    kind: string;
    lot_number: number | null;
    lot_type: number | null;
    description: Translations;
    quantity: number;
    unit_price: number;
    amount: number;
  }>;
  taxes: Array<{ names: Translations; rate_ppm: number; amount: number }>;
  payments: Array<{ id: string; payment_intent_id: string | null; amount: number; updated_at: Date }>;
  /** Payments recorded by hand (cash, cheque), oldest first (migration 0021). */
  manualPayments: Array<{ id: number; amount: number; method: string; recorded_at: Date }>;
  /** Payments recorded by hand and cancelled since: they pay nothing (migration 0026). */
  cancelledPayments: Array<{ id: number; amount: number; method: string; recorded_at: Date; cancelled_at: Date }>;
  paymentInProgress: boolean;
  /** The payment configuration the auction's cards are added under (a card is added there to pay). */
  stripeInformationId: number | null;
  /** The receipt in force (a voided one is kept, but no longer shown). */
  receipt: {
    number: number;
    eligible_amount: number;
    issued_at: Date;
    language: 'en' | 'fr';
    replaces_number: number | null;
  } | null;
  refunds: Array<{
    id: string;
    amount: number;
    reason: string;
    status: string;
    method: 'card' | 'cash' | 'cheque' | 'other';
    line_id: string | null;
    created_at: Date;
  }>;
  card: SelectedCard | null;
}

export interface InvoiceListFilter {
  /** The bidder's own invoices… */
  bidderId?: string;
  /** …or every invoice of this auction (staff). */
  auctionId?: number;
  from: Date;
  to: Date | null;
  search?: string;
}

export function invoiceRepository(db: Db) {
  const invoiceColumns = [
    'i.id',
    'i.public_id',
    'i.organization_id',
    'o.name as organization_name',
    'i.auction_id',
    'a.languages as auction_languages',
    'i.bidder_id',
    'i.is_donation',
    'i.number',
    'i.status',
    'i.currency',
    'i.subtotal',
    'i.card_fee',
    'i.total',
    'i.customer_business',
    'i.created_at',
    'i.paid_at',
  ] as const;
  const invoices = () =>
    db
      .selectFrom('invoices as i')
      .innerJoin('organizations as o', 'o.id', 'i.organization_id')
      .innerJoin('auctions as a', 'a.id', 'i.auction_id');

  return {
    async byPublicId(publicId: string): Promise<InvoiceRow | undefined> {
      return invoices().select(invoiceColumns).where('i.public_id', '=', publicId).executeTakeFirst();
    },

    async byId(id: number): Promise<InvoiceRow | undefined> {
      return invoices().select(invoiceColumns).where('i.id', '=', id).executeTakeFirst();
    },

    async list(filter: InvoiceListFilter): Promise<InvoiceSummaryRow[]> {
      let query = invoices()
        .innerJoin('users as u', 'u.id', 'i.bidder_id')
        .select(invoiceColumns)
        .select((eb) => [
          sql<string>`trim(u.first_name || ' ' || u.last_name)`.as('customer_name'),
          // What it has been paid, as its page counts what is owed: the payments recorded by hand that
          // stand and the card charges (a charge stands beside a bounced cheque on a reopened invoice).
          sql<number>`${cardAndHandPaid}::int`.as('paid_cents'),
          eb
            .selectFrom('auction_translations as t')
            .whereRef('t.auction_id', '=', 'i.auction_id')
            .select(sql<Translations>`jsonb_object_agg(t.language_code, t.title_short)`.as('names'))
            .as('auction_names'),
        ])
        .where('i.created_at', '>=', filter.from)
        .orderBy('i.created_at', 'desc')
        .orderBy('i.id', 'desc')
        .limit(500);
      if (filter.to) query = query.where('i.created_at', '<', filter.to);
      if (filter.bidderId) query = query.where('i.bidder_id', '=', filter.bidderId);
      if (filter.auctionId) query = query.where('i.auction_id', '=', filter.auctionId);
      const search = filter.search && filter.search.length >= 2 ? filter.search : null;
      if (search) {
        const like = `%${search.replaceAll('\\', '\\\\').replaceAll('%', '\\%').replaceAll('_', '\\_')}%`;
        const cents = amountCentsOf(search);
        query = query.where((eb) =>
          eb.or([
            eb(sql`i.number::text`, '=', search.replace(/^#/, '')),
            ...(cents === null ? [] : [eb('i.total', '=', cents)]),
            eb('o.name', 'ilike', like),
            eb.exists(
              eb
                .selectFrom('auction_translations as t')
                .whereRef('t.auction_id', '=', 'i.auction_id')
                .where('t.title_short', 'ilike', like)
                .select(sql`1`.as('one')),
            ),
          ]),
        );
      }
      const rows = await query.execute();
      return rows.map((row) => ({ ...row, auction_names: row.auction_names ?? {} }));
    },

    /** The years the bidder has invoices in, newest first. */
    async yearsOf(bidderId: string): Promise<number[]> {
      const rows = await db
        .selectFrom('invoices')
        .select(sql<number>`DISTINCT extract(year FROM created_at AT TIME ZONE 'UTC')::int`.as('year'))
        .where('bidder_id', '=', bidderId)
        .execute();
      return rows.map((row) => row.year).sort((a, b) => b - a);
    },

    async detail(invoice: InvoiceRow): Promise<InvoiceDetail> {
      const [auctionNames, customer, lines, taxes, attempts, card, receipt, refunds, configuration, manual] =
        await Promise.all([
          db
            .selectFrom('auction_translations')
            .select(['language_code as languageCode', 'title_short as titleShort'])
            .where('auction_id', '=', invoice.auction_id)
            .orderBy('language_code')
            .execute(),
          db
            .selectFrom('users')
            .select([
              'first_name as firstName',
              'last_name as lastName',
              'username as email',
              'phone_number as phone',
              'address',
              'apartment',
              'city',
              'province',
              'postal_code as postalCode',
              'country',
              'preferred_language as language',
            ])
            .where('id', '=', invoice.bidder_id)
            .executeTakeFirstOrThrow(),
          db
            .selectFrom('invoice_items')
            .select(['line_id', 'kind', 'lot_number', 'lot_type', 'description', 'quantity', 'unit_price', 'amount'])
            .where('invoice_id', '=', invoice.id)
            .orderBy('position')
            .execute(),
          db
            .selectFrom('invoice_taxes')
            .select(['names', 'rate_ppm', 'amount'])
            .where('invoice_id', '=', invoice.id)
            .orderBy('position')
            .execute(),
          db
            .selectFrom('payment_attempts')
            .select(['id', 'status', 'payment_intent_id', 'amount', 'updated_at'])
            .where('invoice_id', '=', invoice.id)
            .where('status', 'in', ['open', 'succeeded'])
            .execute(),
          selectedCard(db, invoice.bidder_id, invoice.auction_id),
          db
            .selectFrom('donation_receipts')
            .select(['number', 'eligible_amount', 'issued_at', 'language', 'replaces_number'])
            .where('invoice_id', '=', invoice.id)
            .where('voided_at', 'is', null)
            .executeTakeFirst(),
          db
            .selectFrom('invoice_refunds')
            .select(['id', 'amount', 'reason', 'status', 'method', 'line_id', 'created_at'])
            .where('invoice_id', '=', invoice.id)
            .orderBy('created_at', 'desc')
            .execute(),
          sql<{ id: number | null }>`SELECT ${sql.raw(auctionStripeInformationSql('a'))} AS id
          FROM auctions a WHERE a.id = ${invoice.auction_id}`.execute(db),
          db
            .selectFrom('invoice_manual_payments')
            .select(['id', 'amount', 'method', 'recorded_at', 'cancelled_at'])
            .where('invoice_id', '=', invoice.id)
            .orderBy('recorded_at')
            .orderBy('id')
            .execute(),
        ]);
      return {
        invoice,
        auctionNames,
        customer,
        lines,
        taxes,
        payments: attempts.filter((a) => a.status === 'succeeded'),
        // A cancelled recording pays nothing: the invoice's sums and its PDF leave it out.
        manualPayments: manual.filter((p) => p.cancelled_at === null),
        cancelledPayments: manual.flatMap((p) =>
          p.cancelled_at === null ? [] : [{ ...p, cancelled_at: p.cancelled_at }],
        ),
        paymentInProgress: attempts.some((a) => a.status === 'open'),
        receipt: receipt ?? null,
        refunds,
        card: card ?? null,
        stripeInformationId: configuration.rows[0]?.id ?? null,
      };
    },

    async setBusiness(invoiceId: number, business: string | null): Promise<void> {
      await db.updateTable('invoices').set({ customer_business: business }).where('id', '=', invoiceId).execute();
    },

    /**
     * Runs an operator's change to what an auction bills (a bid removal, a stage sale's
     * correction, a donation's deletion) unless its invoices exist (DESIGN.md §3 rule 4): the
     * auction row is held shared while `change` runs, so invoice generation, which updates that
     * row first, waits for it and then sees its effect in the log.
     */
    async unlessInvoiced<T>(auctionId: number, change: () => Promise<T>): Promise<T | 'lot_invoiced'> {
      return db.transaction().execute(async (trx) => {
        const auction = await trx
          .selectFrom('auctions')
          .select('status')
          .where('id', '=', auctionId)
          .forShare()
          .executeTakeFirst();
        if (auction && isAuctionInvoiced(auction.status)) {
          return 'lot_invoiced' as const;
        }
        return change();
      });
    },
  };
}

/** The card the bidder selected for the auction, as its invoice shows and charges it. */
export interface SelectedCard {
  id: number;
  stripe_payment_method_id: string;
  stripe_customer_id: string;
  card_holder_name: string | null;
  last4: string;
  brand: string;
  /** `payment_methods.state`, and the expiry: whether it can still be charged. */
  state: string;
  exp_month: number;
  exp_year: number;
}

/** The card the bidder selected for the auction, if any and still on file. */
export async function selectedCard(db: Db, userId: string, auctionId: number): Promise<SelectedCard | undefined> {
  const { rows } = await sql<SelectedCard>`
    SELECT pm.id, pm.stripe_payment_method_id, pi.stripe_customer_id, pm.card_holder_name, pm.last4, pm.brand,
      pm.state, pm.exp_month, pm.exp_year
    FROM auction_payment_methods apm
    JOIN payment_methods pm ON pm.id = apm.payment_method_id
    JOIN payment_informations pi ON pi.id = pm.payment_information_id
    WHERE apm.user_id = ${userId} AND apm.auction_id = ${auctionId} AND pm.state <> 'detached'`.execute(db);
  return rows[0];
}

export type InvoiceRepository = ReturnType<typeof invoiceRepository>;
