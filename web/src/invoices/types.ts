import type { invoicePatchAnswer } from '@auction/contract';
import type { z } from 'zod';

// The invoice answers as the contract describes them (contract/src/invoices.ts, documents.ts):
// GET /api/account/invoices (the list), GET /api/auctions/invoice/{id} (spec 000 §3 Invoice),
// its payment, and POST /api/documents/send-auction-invoice.
export type {
  InvoiceAnswer as Invoice,
  InvoiceListAnswer as InvoiceList,
  InvoicePaymentAnswer,
  InvoiceSummary,
  SendAuctionInvoiceAnswer as SendInvoiceEmailAnswer,
  SendAuctionInvoiceBody as SendInvoiceEmail,
} from '@auction/contract';
/** PATCH /api/auctions/invoice/{id}: the contract names no type for it. */
export type InvoicePatchAnswer = z.infer<typeof invoicePatchAnswer>;
