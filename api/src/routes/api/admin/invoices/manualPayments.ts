import { manualPaymentsContract } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../../../accounts/auth.ts';
import { documentRoutes } from '../../../../routeDocs.ts';

/**
 * The console's invoices of an auction and the payments recorded by hand (issue 19 §6,
 * docs/payments.md "Payments recorded by hand"): the staff who manage the auction's organisation
 * and administrators; another organisation's auction or invoice answers 404. A recording can be
 * cancelled, with its reason, while the invoice is unpaid ("Cancelling a payment recorded by hand").
 */
export default (async (app) => {
  documentRoutes(app, { tags: ['invoices'] });

  app.get(
    '/api/admin/auctions/:id/invoices',
    {
      schema: {
        summary: "Every invoice of an auction with what is paid and due, and the auction's totals",
        ...manualPaymentsContract.list,
      },
    },
    async (request) => {
      await app.operatorAccess.managedAuction(request, 'auction', request.params.id);
      return app.manualPayments.ofAuction(request.params.id, request.query, accountOf(request).id);
    },
  );

  app.post(
    '/api/admin/invoices/:stripeInvoiceId/manual-payments',
    {
      schema: {
        summary: 'Records a payment made outside the product (cash, cheque), idempotent by commandId',
        ...manualPaymentsContract.record,
      },
    },
    async (request) => {
      const invoice = await app.invoiceAccess.refundable(request, request.params.stripeInvoiceId);
      const { payment, duplicate } = await app.manualPayments.record(invoice, accountOf(request).id, request.body);
      return {
        success: true as const,
        message: 'payment_recorded' as const,
        messages: ['payment_recorded'],
        duplicate,
        payment,
        invoice: await app.manualPayments.one(invoice.id, accountOf(request).id),
      };
    },
  );

  app.post(
    '/api/admin/invoices/:stripeInvoiceId/manual-payments/:paymentId/cancellation',
    {
      schema: {
        summary:
          'Cancels a payment recorded by hand while its invoice is unpaid, with the reason; idempotent by commandId',
        ...manualPaymentsContract.cancel,
      },
    },
    async (request) => {
      const invoice = await app.invoiceAccess.refundable(request, request.params.stripeInvoiceId);
      const { paymentId } = request.params;
      const { payment, duplicate } = await app.manualPayments.cancel(
        invoice,
        paymentId,
        accountOf(request).id,
        request.body,
      );
      return {
        success: true as const,
        message: 'payment_cancelled' as const,
        messages: ['payment_cancelled'],
        duplicate,
        payment,
        invoice: await app.manualPayments.one(invoice.id, accountOf(request).id),
      };
    },
  );
}) satisfies FastifyPluginAsyncZod;
