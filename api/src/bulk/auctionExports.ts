import type { AuctionExportKind } from '@auction/contract';
import { formatMoney } from '@auction/engine';
import type { Db } from '@auction/platform';
import { type RawBuilder, sql } from 'kysely';
import { lotStreamHas } from '../lots/lotStreamHas.ts';
import { toCsv } from './csv.ts';

/**
 * The auction's CSV exports (docs/console.md "Bulk"), from the read models: one file per kind,
 * money as decimal dollars ("1250.50"), times in ISO 8601 UTC, people by name and email.
 */
export interface AuctionExports {
  csv(auctionId: number, kind: AuctionExportKind): Promise<string>;
}

type Row = Record<string, unknown>;
type Column = [header: string, value: (row: Row) => unknown];

const money = (key: string) => (row: Row) => (row[key] === null ? '' : formatMoney(Number(row[key])));
const iso = (key: string) => (row: Row) => (row[key] instanceof Date ? (row[key] as Date).toISOString() : '');
const text = (key: string) => (row: Row) => row[key] ?? '';
const yesNo = (key: string) => (row: Row) => (row[key] ? 'yes' : 'no');

/** A person's columns, joined as `<alias>` on users. */
const person = (alias: string) =>
  sql.raw(
    `nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), '') AS ${alias}_name, ${alias}.username AS ${alias}_email`,
  );
const lotName = sql.raw(
  `(SELECT t.name FROM lot_translations t WHERE t.lot_id = l.id AND t.language_code = 'fr') AS name_fr,
   (SELECT t.name FROM lot_translations t WHERE t.lot_id = l.id AND t.language_code = 'en') AS name_en`,
);

interface ExportDefinition {
  query: (auctionId: number) => RawBuilder<Row>;
  columns: Column[];
}

const LOT_COLUMNS: Column[] = [
  ['lotNumber', text('lot_number')],
  ['nameFr', text('name_fr')],
  ['nameEn', text('name_en')],
];

const DEFINITIONS: Record<AuctionExportKind, ExportDefinition> = {
  lots: {
    query: (auctionId) => sql<Row>`
      SELECT l.lot_number, l.type, ${lotName}, l.starting_bid, l.minimum_increment, l.valuation, l.multi_sale_price,
        l.multi_sale_quantity, l.is_donation, l.is_hidden, l.offered_by, l.date_completed,
        v.status, v.price, v.bid_count, v.sold_quantity, ${person('w')}
      FROM lots l LEFT JOIN lot_views v ON v.lot_id = l.id LEFT JOIN users w ON w.id = v.winner_id
      WHERE l.auction_id = ${auctionId} ORDER BY l.lot_number, l.id`,
    columns: [
      ...LOT_COLUMNS,
      ['type', text('type')],
      ['status', text('status')],
      ['startingBid', money('starting_bid')],
      ['minimumIncrement', money('minimum_increment')],
      ['valuation', money('valuation')],
      ['multiSalePrice', money('multi_sale_price')],
      ['multiSaleQuantity', text('multi_sale_quantity')],
      ['price', money('price')],
      ['bidCount', text('bid_count')],
      ['soldQuantity', text('sold_quantity')],
      ['winnerName', text('w_name')],
      ['winnerEmail', text('w_email')],
      ['isDonation', yesNo('is_donation')],
      ['isHidden', yesNo('is_hidden')],
      ['offeredBy', text('offered_by')],
      ['dateCompleted', iso('date_completed')],
    ],
  },
  bids: {
    query: (auctionId) => sql<Row>`
      SELECT l.lot_number, ${lotName}, b.amount, b.is_auto_bid, b.is_max_bid, b.removed, b.placed_at, ${person('u')}
      FROM lot_bids b JOIN lots l ON l.id = b.lot_id JOIN users u ON u.id = b.bidder_id
      WHERE l.auction_id = ${auctionId} ORDER BY l.lot_number, b.stream_version, b.bid_id`,
    columns: [
      ...LOT_COLUMNS,
      ['bidderName', text('u_name')],
      ['bidderEmail', text('u_email')],
      ['amount', money('amount')],
      ['isAutoBid', yesNo('is_auto_bid')],
      ['isMaxBid', yesNo('is_max_bid')],
      ['removed', yesNo('removed')],
      ['placedAt', iso('placed_at')],
    ],
  },
  winners: {
    query: (auctionId) => sql<Row>`
      SELECT l.lot_number, ${lotName}, v.price, v.closed_at, u.phone_number, ${person('u')},
        ${lotStreamHas('LiveSaleRecorded')} AS on_stage, ${lotStreamHas('LiveSaleCorrected')} AS corrected
      FROM lot_views v JOIN lots l ON l.id = v.lot_id JOIN users u ON u.id = v.winner_id
      WHERE l.auction_id = ${auctionId} AND v.status = 5 ORDER BY l.lot_number, l.id`,
    columns: [
      ...LOT_COLUMNS,
      ['winnerName', text('u_name')],
      ['winnerEmail', text('u_email')],
      ['winnerPhone', text('phone_number')],
      ['price', money('price')],
      ['soldOnStage', yesNo('on_stage')],
      ['stageSaleCorrected', yesNo('corrected')],
      ['closedAt', iso('closed_at')],
    ],
  },
  purchases: {
    query: (auctionId) => sql<Row>`
      SELECT l.lot_number, ${lotName}, p.quantity, p.unit_price, p.quantity * p.unit_price AS total, p.purchased_at,
        ${person('u')}
      FROM lot_purchases p JOIN lots l ON l.id = p.lot_id JOIN users u ON u.id = p.bidder_id
      WHERE l.auction_id = ${auctionId} ORDER BY p.purchased_at, p.purchase_id`,
    columns: [
      ...LOT_COLUMNS,
      ['bidderName', text('u_name')],
      ['bidderEmail', text('u_email')],
      ['quantity', text('quantity')],
      ['unitPrice', money('unit_price')],
      ['total', money('total')],
      ['purchasedAt', iso('purchased_at')],
    ],
  },
  donations: {
    query: (auctionId) => sql<Row>`
      SELECT d.amount, d.donated_at, d.deleted_at, ${person('u')}
      FROM donations d LEFT JOIN users u ON u.id = d.user_id
      WHERE d.auction_id = ${auctionId} ORDER BY d.donated_at, d.donation_id`,
    columns: [
      ['donorName', text('u_name')],
      ['donorEmail', text('u_email')],
      ['amount', money('amount')],
      ['donatedAt', iso('donated_at')],
      ['deletedAt', iso('deleted_at')],
    ],
  },
  bidders: {
    query: (auctionId) => sql<Row>`
      SELECT b.status, b.admitted_at, b.arrived_at, u.phone_number, ${person('u')}
      FROM auction_bidders b JOIN users u ON u.id = b.user_id
      WHERE b.auction_id = ${auctionId} ORDER BY lower(u.last_name), lower(u.first_name), u.id`,
    columns: [
      ['name', text('u_name')],
      ['email', text('u_email')],
      ['phone', text('phone_number')],
      ['status', text('status')],
      ['admittedAt', iso('admitted_at')],
      ['arrivedAt', iso('arrived_at')],
    ],
  },
  // What an accountant reconciles: how each invoice was paid, what went back, and its receipt in force.
  invoices: {
    query: (auctionId) => sql<Row>`
      SELECT i.number, i.is_donation, i.status, i.subtotal, i.card_fee, i.total, i.created_at, i.paid_at, ${person('u')},
        (SELECT sum(a.amount) FROM payment_attempts a WHERE a.invoice_id = i.id AND a.status = 'succeeded')
          AS paid_by_card,
        (SELECT sum(m.amount) FROM invoice_manual_payments m WHERE m.invoice_id = i.id AND m.cancelled_at IS NULL)
          AS paid_by_hand,
        (SELECT sum(r.amount) FROM invoice_refunds r
          WHERE r.invoice_id = i.id AND r.status IN ('pending', 'succeeded')) AS refunded,
        (SELECT sum(r.amount) FROM invoice_refunds r
          WHERE r.invoice_id = i.id AND r.status = 'succeeded' AND r.method <> 'card') AS refunded_by_hand,
        d.number AS receipt_number, d.eligible_amount AS receipt_eligible_amount
      FROM invoices i JOIN users u ON u.id = i.bidder_id
        LEFT JOIN donation_receipts d ON d.invoice_id = i.id AND d.voided_at IS NULL
      WHERE i.auction_id = ${auctionId} ORDER BY i.number`,
    columns: [
      ['number', text('number')],
      ['bidderName', text('u_name')],
      ['bidderEmail', text('u_email')],
      ['isDonation', yesNo('is_donation')],
      ['status', text('status')],
      ['subtotal', money('subtotal')],
      ['cardFee', money('card_fee')],
      ['total', money('total')],
      ['createdAt', iso('created_at')],
      ['paidAt', iso('paid_at')],
      ['paidByCard', money('paid_by_card')],
      ['paidByHand', money('paid_by_hand')],
      ['refunded', money('refunded')],
      ['refundedByHand', money('refunded_by_hand')],
      ['donationReceipt', text('receipt_number')],
      ['receiptEligibleAmount', money('receipt_eligible_amount')],
    ],
  },
  // Every donation receipt the auction's invoices were issued, voided ones included: a charity
  // keeps a copy of each receipt it voided, and a replacement names the one it replaces. The donor
  // as the receipt names them (copied when issued, migration 0042), whatever the profile says now.
  receipts: {
    query: (auctionId) => sql<Row>`
      SELECT d.number, d.issued_at, d.voided_at, d.replaces_number, d.amount_received, d.fair_market_value,
        d.eligible_amount, d.language, d.charity_registration_number, i.number AS invoice_number, ${person('u')},
        d.donor_name
      FROM donation_receipts d JOIN invoices i ON i.id = d.invoice_id JOIN users u ON u.id = i.bidder_id
      WHERE i.auction_id = ${auctionId} ORDER BY d.number`,
    columns: [
      ['number', text('number')],
      ['status', (row) => (row.voided_at === null ? 'in force' : 'void')],
      ['issuedAt', iso('issued_at')],
      ['voidedAt', iso('voided_at')],
      ['replacesNumber', text('replaces_number')],
      ['invoiceNumber', text('invoice_number')],
      ['donorName', text('donor_name')],
      ['donorEmail', text('u_email')],
      ['amountReceived', money('amount_received')],
      ['fairMarketValue', money('fair_market_value')],
      ['eligibleAmount', money('eligible_amount')],
      ['language', text('language')],
      ['charityRegistrationNumber', text('charity_registration_number')],
    ],
  },
};

export function auctionExports(db: Db): AuctionExports {
  return {
    async csv(auctionId, kind) {
      const { query, columns } = DEFINITIONS[kind];
      const { rows } = await query(auctionId).execute(db);
      return toCsv(
        columns.map(([header]) => header),
        rows.map((row) => columns.map(([, value]) => value(row))),
      );
    },
  };
}
