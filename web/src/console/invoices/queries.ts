import {
  type AuctionInvoiceQuery,
  type AuctionInvoices,
  auctionInvoices,
  type InvoiceRefundAnswer,
  type InvoiceRefundBody,
  type ManualPaymentAnswer,
  type ManualPaymentBody,
  type ManualPaymentCancellationAnswer,
  type ManualPaymentCancellationBody,
} from '@auction/contract';
import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { consoleKeys } from '../queries.ts';

/** The auction's invoices and the payments recorded by hand (docs/console.md "Invoices"). */
export const consoleInvoiceKeys = {
  all: [...consoleKeys.all, 'invoices'] as const,
  auction: (auctionId: number) => [...consoleInvoiceKeys.all, auctionId] as const,
  page: (auctionId: number, query: AuctionInvoiceQuery) => [...consoleInvoiceKeys.auction(auctionId), query] as const,
};

export const consoleInvoiceQueries = {
  /** One page, filtered and sorted by the server, with the auction's totals; the page shown stays while the next loads. */
  page: (auctionId: number, query: AuctionInvoiceQuery) =>
    queryOptions({
      queryKey: consoleInvoiceKeys.page(auctionId, query),
      queryFn: ({ signal }) =>
        api<AuctionInvoices>(`/api/admin/auctions/${auctionId}/invoices`, { query, signal, answer: auctionInvoices }),
      placeholderData: keepPreviousData,
    }),
};

export const consoleInvoiceMutations = {
  /** Idempotent by its command id: the dialog keeps one id, so a double click records once. */
  recordPayment: () =>
    mutationOptions({
      mutationKey: [...consoleInvoiceKeys.all, 'manual-payment'],
      mutationFn: ({ stripeInvoiceId, ...body }: ManualPaymentBody & { stripeInvoiceId: string }) =>
        api<ManualPaymentAnswer>(`/api/admin/invoices/${encodeURIComponent(stripeInvoiceId)}/manual-payments`, {
          method: 'POST',
          body,
        }),
    }),
  /** A refund on the card the invoice was paid with; its command id is Stripe's idempotency key. */
  refund: () =>
    mutationOptions({
      mutationKey: [...consoleInvoiceKeys.all, 'refund'],
      mutationFn: ({ stripeInvoiceId, ...body }: InvoiceRefundBody & { stripeInvoiceId: string }) =>
        api<InvoiceRefundAnswer>(`/api/admin/invoices/${encodeURIComponent(stripeInvoiceId)}/refunds`, {
          method: 'POST',
          body,
        }),
    }),
  /** Idempotent by its command id, as the recording. */
  cancelPayment: () =>
    mutationOptions({
      mutationKey: [...consoleInvoiceKeys.all, 'manual-payment-cancellation'],
      mutationFn: ({
        stripeInvoiceId,
        paymentId,
        ...body
      }: ManualPaymentCancellationBody & { stripeInvoiceId: string; paymentId: number }) =>
        api<ManualPaymentCancellationAnswer>(
          `/api/admin/invoices/${encodeURIComponent(stripeInvoiceId)}/manual-payments/${paymentId}/cancellation`,
          { method: 'POST', body },
        ),
    }),
};
