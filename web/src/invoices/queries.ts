import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { cardKeys } from '../cards/queries.ts';
import type { Locale } from '../i18n/routes.ts';
import { commandRetry } from '../lib/commandRetry.ts';
import type { PeriodQuery } from './invoicePeriod.ts';
import type {
  Invoice,
  InvoiceList,
  InvoicePatchAnswer,
  InvoicePaymentAnswer,
  SendInvoiceEmail,
  SendInvoiceEmailAnswer,
} from './types.ts';

/** Every key of the invoices feature; a payment or an edit refreshes the invoice and the lists. */
export const invoiceKeys = {
  all: ['invoices'] as const,
  lists: () => [...invoiceKeys.all, 'list'] as const,
  list: (period: PeriodQuery, search: string) => [...invoiceKeys.lists(), period, search] as const,
  details: () => [...invoiceKeys.all, 'detail'] as const,
  detail: (stripeInvoiceId: string) => [...invoiceKeys.details(), stripeInvoiceId] as const,
  /** The invoice in one language: its taxes, lines and auction are named in the request's language. */
  inLanguage: (stripeInvoiceId: string, locale: Locale) => [...invoiceKeys.detail(stripeInvoiceId), locale] as const,
};

/** Spec 000 §5: a search shorter than 2 characters does not filter. */
export const searchTerm = (text: string) => (text.trim().length >= 2 ? text.trim() : '');

export const invoiceQueries = {
  list: (period: PeriodQuery, search: string) =>
    queryOptions({
      queryKey: invoiceKeys.list(period, searchTerm(search)),
      queryFn: ({ signal }) =>
        api<InvoiceList>('/api/account/invoices', {
          query: { time: period.time, yearsModifier: period.yearsModifier, search: searchTerm(search) },
          signal,
        }),
      placeholderData: (previous) => previous,
    }),
  /** `invoice_not_found` is final: no retry. */
  detail: (stripeInvoiceId: string, locale: Locale) =>
    queryOptions({
      queryKey: invoiceKeys.inLanguage(stripeInvoiceId, locale),
      queryFn: ({ signal }) => api<Invoice>(`/api/auctions/invoice/${encodeURIComponent(stripeInvoiceId)}`, { signal }),
      retry: false,
    }),
};

export const invoiceMutations = {
  /** Spec 000 §7 PATCH with `userBusiness`; the answer carries the saved invoice. */
  saveBusiness: (stripeInvoiceId: string, locale: Locale) =>
    mutationOptions({
      mutationKey: [...invoiceKeys.detail(stripeInvoiceId), 'business'],
      mutationFn: (business: string) =>
        api<InvoicePatchAnswer>(`/api/auctions/invoice/${encodeURIComponent(stripeInvoiceId)}`, {
          method: 'PATCH',
          body: [{ fieldName: 'userBusiness', value: business.trim() === '' ? null : business.trim() }],
        }),
      // In onSettled, so a screen's own onSuccess (its toast) does not replace the cache work.
      onSettled: (answer, _error, _business, _result, { client }) => {
        if (answer) client.setQueryData(invoiceKeys.inLanguage(stripeInvoiceId, locale), answer.invoice);
      },
    }),
  /**
   * Pays on the card selected for the auction (or the one chosen). The server makes a retried or
   * doubled request the same charge (its open attempt, api/src/invoices/invoicePayments.ts), so
   * the button only has to stay disabled while one is out, and an answer lost is asked again
   * (commandRetry); still lost, the invoice is read again, as it may now be paid.
   */
  pay: (stripeInvoiceId: string, locale: Locale) =>
    mutationOptions({
      mutationKey: [...invoiceKeys.detail(stripeInvoiceId), 'pay'],
      ...commandRetry,
      mutationFn: (paymentMethodId: number | undefined) =>
        api<InvoicePaymentAnswer>(`/api/auctions/invoice/${encodeURIComponent(stripeInvoiceId)}/payment`, {
          method: 'POST',
          body: paymentMethodId ? { paymentMethodId } : {},
        }),
      onSettled: (answer, error, _card, _result, { client }) => {
        if (answer) client.setQueryData(invoiceKeys.inLanguage(stripeInvoiceId, locale), answer.invoice);
        else void client.invalidateQueries({ queryKey: invoiceKeys.detail(stripeInvoiceId) });
        // A card the bank declined is marked so: the list the bidder chooses from says it at once.
        if (error) void client.invalidateQueries({ queryKey: cardKeys.paymentMethods() });
        return client.invalidateQueries({ queryKey: invoiceKeys.lists() });
      },
    }),
  /** The invoice's or its receipt's PDF, asked with the session like every call (a plain link would not carry it). */
  download: () =>
    mutationOptions({
      mutationKey: [...invoiceKeys.all, 'download'],
      mutationFn: (path: string) => api<Blob>(path as `/api/${string}`, { blob: true }),
    }),
  sendByEmail: () =>
    mutationOptions({
      mutationKey: [...invoiceKeys.all, 'send'],
      mutationFn: (request: SendInvoiceEmail) =>
        api<SendInvoiceEmailAnswer>('/api/documents/send-auction-invoice', { method: 'POST', body: request }),
    }),
};
