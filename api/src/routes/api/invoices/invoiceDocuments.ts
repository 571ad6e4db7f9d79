import { invoicesContract } from '@auction/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../../accounts/auth.ts';
import type { Bucket } from '../../../accounts/rateLimits.ts';
import { HttpError } from '../../../errors.ts';
import { languageOf } from '../../../i18n/language.ts';
import { documentRoutes } from '../../../routeDocs.ts';

/** Each PDF is drawn on request (tens of milliseconds of CPU): bounded per account. */
const limits: readonly Bucket[] = [
  { name: 'invoice-pdf:account', max: 60, windowMs: 15 * 60_000, key: (r: FastifyRequest) => accountOf(r).id },
];

function sendPdf(reply: FastifyReply, pdf: Buffer, filename: string) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/**
 * The invoice's print version and its donation receipt as PDFs: the same readers as the invoice
 * (its bidder and its organisation's staff), `invoice_not_found` for anyone else.
 */
export default (async (app) => {
  documentRoutes(app, { tags: ['invoices'] });

  app.get(
    '/api/auctions/invoice/:id/pdf',
    {
      config: { limits },
      schema: {
        summary: "The invoice's print version as a PDF, in the request's language",
        ...invoicesContract.pdf,
        produces: ['application/pdf', 'application/json'],
      },
    },
    async (request, reply) => {
      const invoice = await app.invoiceAccess.readable(request, request.params.id);
      const language = languageOf(request);
      const pdf = await app.invoiceDocuments.invoicePdf(await app.invoices.detail(invoice), language);
      return sendPdf(reply, pdf, `${language === 'fr' ? 'facture' : 'invoice'}-${invoice.number}.pdf`);
    },
  );

  app.get(
    '/api/auctions/invoice/:id/receipt.pdf',
    {
      config: { limits },
      schema: {
        summary: "The invoice's official donation receipt as a PDF, in the donor's language",
        ...invoicesContract.pdf,
        produces: ['application/pdf', 'application/json'],
      },
    },
    async (request, reply) => {
      const invoice = await app.invoiceAccess.readable(request, request.params.id);
      const detail = await app.invoices.detail(invoice);
      const pdf = await app.invoiceDocuments.receiptPdf(detail);
      if (!pdf || !detail.receipt) throw new HttpError(404, 'receipt_not_found');
      return sendPdf(
        reply,
        pdf,
        `${detail.receipt.language === 'fr' ? 'recu' : 'receipt'}-${detail.receipt.number}.pdf`,
      );
    },
  );
}) satisfies FastifyPluginAsyncZod;
