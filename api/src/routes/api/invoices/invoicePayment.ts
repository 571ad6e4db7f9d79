import { invoicesContract } from '@auction/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOf } from '../../../accounts/auth.ts';
import { languageOf } from '../../../i18n/language.ts';
import { invoiceDto } from '../../../invoices/invoiceDto.ts';

/**
 * Pays an invoice with a card on file (spec 000 §7; docs/payments.md "Paying an invoice"): one
 * successful charge per invoice whatever is repeated. A card Stripe refuses answers 402
 * `error_during_paiement`; Stripe unreachable 503 (the attempt stays open and a retry continues it).
 */
export default (async (app) => {
  app.post(
    '/api/auctions/invoice/:id/payment',
    {
      schema: {
        tags: ['invoices'],
        summary: "Charges the invoice on the caller's card (a PaymentIntent keyed by the invoice's payment attempt)",
        ...invoicesContract.pay,
      },
    },
    async (request) => {
      const invoice = await app.invoiceAccess.own(request, request.params.id);
      const outcome = await app.invoicePayments.pay(invoice, invoice.bidder_id, request.body.paymentMethodId);
      const current = (await app.invoices.byPublicId(invoice.public_id)) ?? invoice;
      const message = outcome.isPaid ? ('payment_succeeded' as const) : ('payment_processing' as const);
      return {
        success: true as const,
        message,
        messages: [message],
        isPaid: outcome.isPaid,
        paymentIntentId: outcome.paymentIntentId,
        invoice: invoiceDto(
          await app.invoices.detail(current),
          languageOf(request),
          app.stripe.publishableKey,
          accountOf(request).id,
        ),
      };
    },
  );
}) satisfies FastifyPluginAsyncZod;
