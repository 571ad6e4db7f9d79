import type {
  invoiceAnswer,
  invoiceListAnswer,
  invoicePatchAnswer,
  invoicePaymentAnswer,
  invoiceSummary,
  sendAuctionInvoiceAnswer,
  sendAuctionInvoiceBody,
} from '@auction/contract';
import type { z } from 'zod';

/** GET /api/account/invoices (contract/src/invoices.ts). */
export type InvoiceList = z.infer<typeof invoiceListAnswer>;
export type InvoiceSummary = z.infer<typeof invoiceSummary>;
/** GET /api/auctions/invoice/{id}: spec 000 §3 Invoice. */
export type Invoice = z.infer<typeof invoiceAnswer>;
export type InvoicePatchAnswer = z.infer<typeof invoicePatchAnswer>;
export type InvoicePaymentAnswer = z.infer<typeof invoicePaymentAnswer>;
/** POST /api/documents/send-auction-invoice (contract/src/documents.ts). */
export type SendInvoiceEmail = z.infer<typeof sendAuctionInvoiceBody>;
export type SendInvoiceEmailAnswer = z.infer<typeof sendAuctionInvoiceAnswer>;
