import { invoicesContract } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../../../accounts/auth.ts';
import { languageOf } from '../../../../i18n/language.ts';
import { invoiceDto } from '../../../../invoices/invoiceDto.ts';

/**
 * Refunds a paid invoice fully or partly (docs/payments.md "Refunds"): the staff of the invoice's
 * organisation and administrators. On the card by default, or recorded as handed back (`method`
 * cash, cheque or other) for money paid by hand. More than that kind paid and not yet refunded: 422
 * `refund_exceeds_paid_amount`; on the card, more than one charge has left: 422
 * `refund_exceeds_charge_amount` (an invoice charged twice); an unpaid invoice: 409 `invoice_not_paid`; a retry with the same
 * `commandId` answers the same refund and gives nothing more back. A refund may name the line it
 * takes back (`lineId`), up to that line's cost with its taxes.
 */
export default (async (app) => {
  app.post(
    '/api/admin/invoices/:stripeInvoiceId/refunds',
    {
      schema: {
        tags: ['invoices'],
        summary:
          'Refunds a paid invoice, fully or partly, on its card through Stripe or as handed back by hand (idempotent by commandId)',
        ...invoicesContract.refund,
      },
    },
    async (request) => {
      const invoice = await app.invoiceAccess.refundable(request, request.params.stripeInvoiceId);
      const refund = await app.invoiceRefunds.refund(invoice, accountOf(request).id, request.body);
      const detail = await app.invoices.detail(invoice);
      return {
        success: true as const,
        message: 'refund_created' as const,
        messages: ['refund_created'],
        refund: {
          id: refund.id,
          amount: { value: refund.amount / 100, currencyCode: invoice.currency },
          reason: refund.reason,
          status: refund.status,
          method: refund.method,
          lineId: refund.line_id,
          refundDate: refund.created_at.toISOString(),
        },
        invoice: invoiceDto(detail, languageOf(request), app.stripe.publishableKey, accountOf(request).id),
      };
    },
  );
}) satisfies FastifyPluginAsyncZod;
