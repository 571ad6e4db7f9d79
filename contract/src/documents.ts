import { z } from 'zod';
import { errorAnswers } from './common.ts';
import { email } from './fields.ts';

/**
 * Documents sent or downloaded (spec 000 §7 "POST /api/documents/send-auction-invoice"): the
 * invoice as an email with its PDF, in the language the sender chooses.
 */

export const documentLanguage = z.enum(['en', 'fr']);
export type DocumentLanguage = z.infer<typeof documentLanguage>;

export const sendAuctionInvoiceBody = z.object({
  /** The invoice's key (its page's {stripeInvoiceId}). */
  stripeInvoiceId: z.string().trim().min(1).max(64),
  /** Where to send it: the bidder's own address by default in the web app, any address allowed. */
  email,
  language: documentLanguage,
});
export type SendAuctionInvoiceBody = z.infer<typeof sendAuctionInvoiceBody>;

export const sendAuctionInvoiceAnswer = z.object({
  success: z.literal(true),
  message: z.literal('invoice_email_sent'),
  messages: z.array(z.string()),
});
export type SendAuctionInvoiceAnswer = z.infer<typeof sendAuctionInvoiceAnswer>;

export const documentsContract = {
  /** 404 invoice_not_found for an unknown invoice or one the caller may not see; 429 too_many_requests. */
  sendAuctionInvoice: {
    body: sendAuctionInvoiceBody,
    response: { 200: sendAuctionInvoiceAnswer, ...errorAnswers(401, 404, 429) },
  },
} as const;
