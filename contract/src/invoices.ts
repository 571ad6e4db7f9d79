import { z } from 'zod';
import { decimalInteger, errorAnswers, fileAnswer, money, rowId, rowIdValue } from './common.ts';
import { REFUND_METHODS } from './manualPayments.ts';

/**
 * Invoices and their payment (spec 000 §2 "Invoice list", "Invoice page", §3 "Invoice", "Invoice
 * line", §4, §7, §8): the requests and answers of the invoice calls.
 */

/** Spec 000 §7: `time` 3 the past 3 months (default), 0 the current year, -1 a past year (`yearsModifier`). */
export const InvoicePeriod = { PastThreeMonths: 3, CurrentYear: 0, PastYear: -1 } as const;

export const invoiceListQuery = z.object({
  time: decimalInteger(
    z
      .number()
      .int()
      .refine((t) => t === 3 || t === 0 || t === -1, 'invalid_period'),
  ).default(3),
  /** The current year minus the chosen year, with `time` -1. */
  yearsModifier: decimalInteger(z.number().int().min(1).max(100)).nullish(),
  /** Auction title, invoice number or amount; shorter than 2 characters does not filter (spec 000 §5). */
  search: z.string().trim().max(100).optional(),
  /** Staff of the auction's organisation: every invoice of the auction; others: their own in it. */
  auctionId: rowId.optional(),
});

export const invoiceSummary = z.object({
  id: z.number().int(),
  stripeInvoiceId: z.string(),
  number: z.number().int(),
  auctionId: z.number().int(),
  auctionName: z.string(),
  isDonation: z.boolean(),
  isPaid: z.boolean(),
  /** Unpaid, with payments that stand (recorded by hand, or a card charge on a reopened invoice): less is owed than its total. */
  isPartlyPaid: z.boolean(),
  /** 1 unpaid (PendingPayment), 2 paid. */
  status: z.number().int(),
  invoiceDate: z.string(),
  invoiceTotal: money,
  customerName: z.string(),
});

export const invoiceListAnswer = z.object({
  count: z.number().int(),
  /** The years the caller has invoices in, newest first, for the period dropdown. */
  years: z.array(z.number().int()),
  invoices: z.array(invoiceSummary),
});

export const invoiceLine = z.object({
  id: z.string(),
  lotNumber: z.number().int().nullable(),
  auctionLotItemType: z.number().int().nullable(),
  /** lot, purchase or donation. */
  kind: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  unitPrice: money,
  amount: money,
  currency: z.string(),
  isBuyerPremium: z.boolean(),
});

export const invoiceTax = z.object({
  name: z.string(),
  /** The rate in percent (9.975). */
  rate: z.number(),
  amount: money,
  currency: z.string(),
});

export const invoicePayment = z.object({
  id: z.string(),
  paymentDate: z.string(),
  /** Stripe's PaymentIntent id; for a payment recorded by hand, its method's name. */
  paymentConfirmationIdentifier: z.string(),
  amount: money,
  /** `card`, or how a payment recorded by the organisation was made (docs/payments.md). */
  method: z.enum(['card', 'cash', 'cheque', 'other']).optional(),
});

/** A refund of a paid invoice (docs/payments.md "Refunds"). */
export const invoiceRefund = z.object({
  id: z.string(),
  amount: money,
  reason: z.string(),
  /** pending until Stripe confirms it; failed or canceled refunds gave nothing back. */
  status: z.enum(['pending', 'succeeded', 'failed', 'canceled']),
  /** On the card, or handed back by the organisation. */
  method: z.enum(REFUND_METHODS),
  /** The line it took back (`lines[].id`); null for the invoice as a whole. */
  lineId: z.string().nullable(),
  refundDate: z.string(),
});

export const invoiceAnswer = z.object({
  id: z.number().int(),
  stripeInvoiceId: z.string(),
  /** What the web app opens Stripe with. */
  stripeKey: z.string(),
  number: z.number().int(),
  auctionId: z.number().int(),
  /** The payment configuration the auction's cards are added under: where "add a card" goes to pay. */
  stripeInformation_Id: z.number().int().nullable(),
  auctionName: z.string(),
  auctionTranslations: z.array(z.object({ languageCode: z.string(), titleShort: z.string() })),
  auctionLanguages: z.array(z.number().int()),
  isDonation: z.boolean(),
  isPaid: z.boolean(),
  /**
   * The caller is the invoice's bidder: theirs to pay and to name a business on. Staff of the
   * organisation read it without those controls (they record payments from the console).
   */
  isViewerCustomer: z.boolean(),
  status: z.number().int(),
  invoiceDate: z.string(),
  subtotal: money,
  taxes: z.array(invoiceTax),
  creditCardFee: money,
  invoiceTotal: money,
  /** What is still owed: the total less the payments recorded by hand until paid, then 0. */
  amount: money,
  name: z.string(),
  billingFrom: z.object({ name: z.string() }),
  customerEmail: z.string(),
  customer: z.object({
    business: z.string().nullable(),
    name: z.string(),
    address: z.string().nullable(),
    apartment: z.string().nullable(),
    city: z.string().nullable(),
    province: z.string().nullable(),
    postalCode: z.string().nullable(),
    country: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string(),
  }),
  lines: z.array(invoiceLine),
  /** The card the invoice would be charged on: the one selected for the auction. */
  paymentMethod: z
    .object({
      id: z.number().int(),
      stripePaymentMethodId: z.string(),
      cardHolderName: z.string().nullable(),
      last4: z.string(),
      brand: z.string(),
    })
    .nullable(),
  /** A charge under way (its outcome not yet confirmed by Stripe): the pay button stays disabled. */
  paymentInProgress: z.boolean(),
  /** The card payment once paid (spec 000 §4), and every payment recorded by hand, paid or partly. */
  payments: z.array(invoicePayment),
  /**
   * Payments the organisation recorded by hand and then cancelled (a cheque that bounced), which
   * pay nothing: shown so the bidder sees why the invoice owes them again. The staff's reason is
   * theirs and is not sent.
   */
  cancelledPayments: z.array(
    z.object({
      id: z.string(),
      amount: money,
      /** The method's name in the request's language. */
      methodName: z.string(),
      paymentDate: z.string(),
      cancelledDate: z.string(),
    }),
  ),
  /** The official donation receipt of a paid invoice that earns one (spec 000 §9), else null. */
  donationReceipt: z
    .object({
      number: z.number().int(),
      eligibleAmount: money,
      issuedAt: z.string(),
      /** The voided receipt this one replaces, when a refund changed the gift. */
      replacesNumber: z.number().int().nullable(),
      /** The receipt's PDF (same authorisation as the invoice). */
      url: z.string(),
    })
    .nullable(),
  /** The invoice's print version as a PDF. */
  pdfUrl: z.string(),
  /** Refunds an operator made, newest first; `refundedAmount` sums the succeeded and pending ones. */
  refunds: z.array(invoiceRefund),
  refundedAmount: money,
});

/** `/api/auctions/invoice/:id`: the invoice's key (its page's {stripeInvoiceId}). */
export const invoiceParams = z.object({ id: z.string().trim().min(1).max(64) });

/** Spec 000 §7: a list of `{ fieldName: 'userBusiness', value }`. */
export const invoicePatchBody = z
  .array(z.object({ fieldName: z.literal('userBusiness'), value: z.string().trim().max(200).nullable() }))
  .min(1)
  .max(10);

export const invoicePatchAnswer = z.object({
  success: z.literal(true),
  message: z.literal('saved_successfully'),
  messages: z.array(z.string()),
  invoice: invoiceAnswer,
});

export const invoicePaymentBody = z
  .object({
    /** One of the caller's usable cards (payment_methods id); by default the card selected for the auction. */
    paymentMethodId: rowIdValue.optional(),
  })
  .default({});

export const invoicePaymentAnswer = z.object({
  success: z.literal(true),
  /** payment_succeeded, or payment_processing while Stripe has not confirmed it. */
  message: z.enum(['payment_succeeded', 'payment_processing']),
  messages: z.array(z.string()),
  isPaid: z.boolean(),
  paymentIntentId: z.string().nullable(),
  invoice: invoiceAnswer,
});

/** `POST /api/admin/invoices/{stripeInvoiceId}/refunds` */
export const invoiceRefundParams = z.object({ stripeInvoiceId: z.string().trim().min(1).max(64) });
export const invoiceRefundBody = z.object({
  /**
   * Up to what is paid and not yet refunded; more is 422 `refund_exceeds_paid_amount`. On the card,
   * up to what one charge has left; more is 422 `refund_exceeds_charge_amount` (with
   * `chargeRefundableCents`) on an invoice charged twice (docs/payments.md "A second card charge").
   */
  amountCents: z.number().int().min(1).max(100_000_000),
  /** Kept with the refund, for the organisation's accounts. */
  reason: z.string({ error: 'refund_reason_required' }).trim().min(1, { error: 'refund_reason_required' }).max(500),
  /** The refund's identity: a retry with the same id refunds nothing more (Stripe's idempotency key). */
  commandId: z.string().trim().min(8).max(100),
  /**
   * `card` (the default): back on the card through Stripe, up to what the card paid. `cash`,
   * `cheque` or `other`: money the organisation has handed back itself, recorded as made, up to
   * what was paid by hand; no card is touched.
   */
  method: z.enum(REFUND_METHODS, { error: 'invalid_refund_method' }).optional(),
  /**
   * The invoice line it takes back (`lines[].id`: a lot not delivered, a purchase returned), up to
   * what that line cost with its taxes (more is 422 `refund_exceeds_line_amount`): the donation
   * receipt then takes it out of that line. Absent: a refund of the invoice as a whole.
   */
  lineId: z.string().trim().min(1).max(100).optional(),
});
export const invoiceRefundAnswer = z.object({
  success: z.literal(true),
  message: z.literal('refund_created'),
  messages: z.array(z.string()),
  refund: invoiceRefund,
  invoice: invoiceAnswer,
});

export const invoicesContract = {
  list: { querystring: invoiceListQuery, response: { 200: invoiceListAnswer, ...errorAnswers(401) } },
  one: { params: invoiceParams, response: { 200: invoiceAnswer, ...errorAnswers(401, 404) } },
  patch: {
    params: invoiceParams,
    body: invoicePatchBody,
    response: { 200: invoicePatchAnswer, ...errorAnswers(401, 404) },
  },
  pay: {
    params: invoiceParams,
    body: invoicePaymentBody,
    response: { 200: invoicePaymentAnswer, ...errorAnswers(401, 402, 404, 409) },
  },
  /** The invoice's print version, or its donation receipt, as a PDF. */
  pdf: { params: invoiceParams, response: { 200: fileAnswer, ...errorAnswers(401, 404) } },
  refund: {
    params: invoiceRefundParams,
    body: invoiceRefundBody,
    response: { 200: invoiceRefundAnswer, ...errorAnswers(401, 403, 404, 409, 422) },
  },
} as const;

export type InvoiceSummary = z.infer<typeof invoiceSummary>;
export type InvoiceListAnswer = z.infer<typeof invoiceListAnswer>;
export type InvoiceAnswer = z.infer<typeof invoiceAnswer>;
export type InvoicePaymentAnswer = z.infer<typeof invoicePaymentAnswer>;
export type InvoiceRefund = z.infer<typeof invoiceRefund>;
export type InvoiceRefundAnswer = z.infer<typeof invoiceRefundAnswer>;
export type InvoiceRefundBody = z.infer<typeof invoiceRefundBody>;
