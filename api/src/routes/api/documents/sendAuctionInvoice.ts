import { randomUUID } from 'node:crypto';
import { documentsContract } from '@auction/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../../accounts/auth.ts';
import { type Bucket, byAddress } from '../../../accounts/rateLimits.ts';

const MINUTE = 60_000;

/** Each request sends an email with PDFs to an address the caller types: bounded per account and per address. */
const limits: readonly Bucket[] = [
  { name: 'invoice-email:account', max: 10, windowMs: 15 * MINUTE, key: (r: FastifyRequest) => accountOf(r).id },
  { name: 'invoice-email:address', max: 30, windowMs: 15 * MINUTE, key: byAddress },
];

/**
 * Spec 000 §7 `POST /api/documents/send-auction-invoice`: the invoice as an email with its PDF, in
 * the chosen language, to the address given. Its bidder and its organisation's staff may send it;
 * anyone else, and an unknown key, get `invoice_not_found`.
 */
export default (async (app) => {
  app.post(
    '/api/documents/send-auction-invoice',
    {
      config: { limits },
      schema: {
        tags: ['invoices'],
        summary: 'Sends the invoice by email with its PDF in the chosen language (en or fr)',
        ...documentsContract.sendAuctionInvoice,
      },
    },
    async (request) => {
      const { stripeInvoiceId, email, language } = request.body;
      const invoice = await app.invoiceAccess.readable(request, stripeInvoiceId);
      await app.invoiceMail.sendInvoice(await app.invoices.detail(invoice), email, language, randomUUID());
      return { success: true as const, message: 'invoice_email_sent' as const, messages: ['invoice_email_sent'] };
    },
  );
}) satisfies FastifyPluginAsyncZod;
