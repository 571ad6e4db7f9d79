import { z } from 'zod';
import { choices, errorAnswers, idParams, rowId, type ServerListQueryInput, serverListQuery } from './common.ts';
import { text } from './fields.ts';

/**
 * The console's invoices of an auction and the payments made outside the product (issue 19 §6,
 * docs/payments.md "Payments recorded by hand"). Amounts in integer cents.
 */

export const MANUAL_PAYMENT_METHODS = ['cash', 'cheque', 'other'] as const;
export type ManualPaymentMethod = (typeof MANUAL_PAYMENT_METHODS)[number];

/** How a refund goes back: on the card through Stripe, or handed back by the organisation. */
export const REFUND_METHODS = ['card', ...MANUAL_PAYMENT_METHODS] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

export const manualPayment = z.object({
  id: z.number().int(),
  amountCents: z.number().int(),
  method: z.enum(MANUAL_PAYMENT_METHODS),
  note: z.string().nullable(),
  /** The name of the staff member who recorded it. */
  recordedBy: z.string().nullable(),
  recordedAt: z.string(),
  /** Set when the payment was cancelled: it then pays nothing, and the console shows it struck out. */
  cancelledAt: z.string().nullable(),
  /** The name of the staff member who cancelled it. */
  cancelledBy: z.string().nullable(),
  cancelReason: z.string().nullable(),
});
export type ManualPayment = z.infer<typeof manualPayment>;

/** A refund as the console lists it (docs/payments.md "Refunds"): who asked for it and why. */
export const consoleRefund = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  reason: z.string(),
  /** pending until Stripe confirms it; failed or canceled refunds gave nothing back. */
  status: z.enum(['pending', 'succeeded', 'failed', 'canceled']),
  /** On the card, or handed back by the organisation (made once recorded). */
  method: z.enum(REFUND_METHODS),
  /** The name of the staff member who asked for it. */
  requestedBy: z.string().nullable(),
  requestedAt: z.string(),
  /** The line it took back (`lines[].id`); null for the invoice as a whole. */
  lineId: z.string().nullable(),
});
export type ConsoleRefund = z.infer<typeof consoleRefund>;

/**
 * An invoice's line as a refund may name it: what it is, what it cost with its taxes and its part
 * of the card fee, what can still go back for it.
 */
export const refundableLine = z.object({
  id: z.string(),
  /** lot, purchase or donation. */
  kind: z.enum(['lot', 'purchase', 'donation']),
  lotNumber: z.number().int().nullable(),
  /** Its name in each language the invoice has it in. */
  description: z.object({ en: z.string().optional(), fr: z.string().optional() }),
  costCents: z.number().int(),
  /** Its part of the invoice's card fee, counted in `costCents`; 0 when the invoice has no fee. */
  cardFeeCents: z.number().int(),
  /** Its cost less the refunds naming it (made or pending). */
  refundableCents: z.number().int(),
});
export type RefundableLine = z.infer<typeof refundableLine>;

/** Paid (nothing due), partly paid, or nothing paid yet. */
export const INVOICE_STATES = ['paid', 'partly', 'unpaid'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

export const auctionInvoice = z.object({
  stripeInvoiceId: z.string(),
  number: z.number().int(),
  customerName: z.string(),
  customerEmail: z.string(),
  isDonation: z.boolean(),
  /** InvoiceStatus: 1 unpaid (possibly partly paid), 2 paid. */
  status: z.number().int(),
  totalCents: z.number().int(),
  /** Card payment and payments recorded by hand (cancelled ones excepted). */
  paidCents: z.number().int(),
  dueCents: z.number().int(),
  /** Its state as the list's filter reads it: paid (nothing due), partly paid, or nothing paid yet. */
  state: z.enum(INVOICE_STATES),
  currency: z.string(),
  invoiceDate: z.string(),
  paidAt: z.string().nullable(),
  /** A card payment is being charged right now: no payment may be recorded meanwhile. */
  paymentInProgress: z.boolean(),
  manualPayments: z.array(manualPayment),
  /**
   * Its payments recorded by hand can be cancelled now: no card payment is being charged and no
   * money was given back by hand (a paid invoice then goes back to unpaid and owes the amount again).
   */
  paymentsCancellable: z.boolean(),
  /** What can still go back on the card: the card payments less the card's refunds made or pending. */
  refundableCents: z.number().int(),
  /**
   * What one card refund can give back: the most any one card charge has left. Less than
   * `refundableCents` only on an invoice charged twice (docs/payments.md "A second card charge").
   */
  cardRefundableAtOnceCents: z.number().int(),
  /** What can still be given back by hand: the payments recorded by hand less the refunds given by hand. */
  handRefundableCents: z.number().int(),
  /** The refunds asked for, newest first. */
  refunds: z.array(consoleRefund),
  /** Its lines, which a refund may name (docs/payments.md "A refund for one line"). */
  lines: z.array(refundableLine),
  /** The number of the donation receipt in force, which a refund would replace; null when none. */
  receiptNumber: z.number().int().nullable(),
  /**
   * It bills the staff member reading it: they may not record its payments, cancel them or refund
   * it (403 `own_invoice_not_allowed`); another organizer or an administrator does.
   */
  ownInvoice: z.boolean(),
});
export type AuctionInvoice = z.infer<typeof auctionInvoice>;

export const INVOICE_PAGE_SIZES = [25, 50, 100, 200] as const;
export const INVOICE_SORTS = ['number', 'customer', 'total', 'due'] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];

/**
 * One page of an auction's invoices for its operators, filtered, sorted and counted in PostgreSQL,
 * so an auction of thousands of winners answers a page and not every invoice with its lines and
 * payments (docs/console.md "Invoices"). The search matches the number, the customer's name and
 * email (without case or accents); the states and the "due" quick filter apply with it.
 */
export const auctionInvoiceQuery = serverListQuery({
  pageSizes: INVOICE_PAGE_SIZES,
  sorts: INVOICE_SORTS,
  defaultSort: 'number',
  filters: { state: choices(INVOICE_STATES), quickFilters: choices(['due'] as const) },
});
export type AuctionInvoiceQuery = ServerListQueryInput<typeof auctionInvoiceQuery>;
export type AuctionInvoiceRequest = z.output<typeof auctionInvoiceQuery>;

export const auctionInvoices = z.object({
  currency: z.string(),
  /** Every invoice's total, whatever the filters: what the auction raised. */
  raisedCents: z.number().int(),
  paidCents: z.number().int(),
  unpaidCents: z.number().int(),
  /** Given back, on cards or by hand (refunds made or pending); the paid total still counts it. */
  refundedCents: z.number().int(),
  /** The page of invoices matching the filters. */
  invoices: z.array(auctionInvoice),
  /** The invoices matching the filters, over every page. */
  count: z.number().int(),
  /** The page answered: the one asked for, or the last one when the filters left fewer. */
  currentPage: z.number().int(),
  /** Every invoice of the auction, whatever the filters. */
  invoiceCount: z.number().int(),
});
export type AuctionInvoices = z.infer<typeof auctionInvoices>;

export const manualPaymentParams = z.object({ stripeInvoiceId: z.string().trim().min(1).max(64) });

/** A payment made outside the product; its command id makes a retry record nothing more. */
export const manualPaymentBody = z.strictObject({
  amountCents: z.number().int().min(1, 'invalid_amount').max(100_000_000, 'invalid_amount'),
  method: z.enum(MANUAL_PAYMENT_METHODS, { error: 'invalid_payment_method' }),
  note: text(500).optional(),
  commandId: z.string().trim().min(8).max(100),
});
export type ManualPaymentBody = z.infer<typeof manualPaymentBody>;

export const manualPaymentAnswer = z.object({
  success: z.literal(true),
  message: z.literal('payment_recorded'),
  messages: z.array(z.string()),
  /** True when this command had already been recorded (nothing new was). */
  duplicate: z.boolean(),
  payment: manualPayment,
  invoice: auctionInvoice,
});
export type ManualPaymentAnswer = z.infer<typeof manualPaymentAnswer>;

/** `/api/admin/invoices/:stripeInvoiceId/manual-payments/:paymentId/cancellation`. */
export const manualPaymentCancellationParams = manualPaymentParams.extend({ paymentId: rowId });

/** Why a recorded payment is cancelled: required, kept on the payment for the console and the accounts. */
export const manualPaymentCancellationBody = z.strictObject({
  reason: z
    .string({ error: 'payment_cancellation_reason_required' })
    .trim()
    .min(1, { error: 'payment_cancellation_reason_required' })
    .max(500),
  commandId: z.string().trim().min(8).max(100),
});
export type ManualPaymentCancellationBody = z.infer<typeof manualPaymentCancellationBody>;

export const manualPaymentCancellationAnswer = manualPaymentAnswer.extend({
  message: z.literal('payment_cancelled'),
});
export type ManualPaymentCancellationAnswer = z.infer<typeof manualPaymentCancellationAnswer>;

export const manualPaymentsContract = {
  list: {
    params: idParams,
    querystring: auctionInvoiceQuery,
    response: { 200: auctionInvoices, ...errorAnswers(400, 401, 403, 404) },
  },
  record: {
    params: manualPaymentParams,
    body: manualPaymentBody,
    response: { 200: manualPaymentAnswer, ...errorAnswers(401, 403, 404, 409, 422) },
  },
  cancel: {
    params: manualPaymentCancellationParams,
    body: manualPaymentCancellationBody,
    response: { 200: manualPaymentCancellationAnswer, ...errorAnswers(401, 403, 404, 409, 422) },
  },
};
