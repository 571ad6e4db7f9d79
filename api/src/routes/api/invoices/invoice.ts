import { invoicesContract } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../../accounts/auth.ts';
import { languageOf } from '../../../i18n/language.ts';
import { invoiceDto } from '../../../invoices/invoiceDto.ts';
import { documentRoutes } from '../../../routeDocs.ts';

/**
 * One invoice (spec 000 §2 "Invoice page", §3 "Invoice"): its bidder and its organisation's staff
 * read it; only its bidder saves the business field. Anyone else, and an unknown key, get
 * `invoice_not_found`.
 */
export default (async (app) => {
  documentRoutes(app, { tags: ['invoices'] });

  app.get(
    '/api/auctions/invoice/:id',
    {
      schema: {
        summary: 'One invoice by its key (the invoice page’s stripeInvoiceId): lines, taxes, fee, card, payments',
        ...invoicesContract.one,
      },
    },
    async (request) => {
      const invoice = await app.invoiceAccess.readable(request, request.params.id);
      return invoiceDto(
        await app.invoices.detail(invoice),
        languageOf(request),
        app.stripe.publishableKey,
        accountOf(request).id,
      );
    },
  );

  app.patch(
    '/api/auctions/invoice/:id',
    {
      schema: {
        summary: "Saves the invoice's editable business field (fieldName userBusiness)",
        ...invoicesContract.patch,
      },
    },
    async (request) => {
      const invoice = await app.invoiceAccess.own(request, request.params.id);
      const business = request.body.at(-1)?.value ?? null;
      await app.invoices.setBusiness(invoice.id, business === '' ? null : business);
      const saved = { ...invoice, customer_business: business === '' ? null : business };
      return {
        success: true as const,
        message: 'saved_successfully' as const,
        messages: ['saved_successfully'],
        invoice: invoiceDto(
          await app.invoices.detail(saved),
          languageOf(request),
          app.stripe.publishableKey,
          accountOf(request).id,
        ),
      };
    },
  );
}) satisfies FastifyPluginAsyncZod;
