import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { auctionKeys } from '../auctions/queries.ts';
import { lotKeys } from '../lots/queries.ts';
import type { ActiveAuctionOfCard, AuctionPaymentMethod, CheckoutSession, PaymentMethod } from './types.ts';

/**
 * Every key of the cards feature. A change of cards or of a selection also changes what the lot
 * pages answer in `allowedBidding` (rules 2 and 3), so the mutations refresh the lots too.
 */
export const cardKeys = {
  all: ['cards'] as const,
  paymentMethods: () => [...cardKeys.all, 'payment-methods'] as const,
  selections: () => [...cardKeys.all, 'auction-payment-methods'] as const,
  selection: (auctionId: number) => [...cardKeys.selections(), auctionId] as const,
  activeAuctions: (paymentMethodId: number) => [...cardKeys.all, 'active-auctions', paymentMethodId] as const,
};

export const cardQueries = {
  paymentMethods: () =>
    queryOptions({
      queryKey: cardKeys.paymentMethods(),
      queryFn: ({ signal }) => api<PaymentMethod[]>('/api/payment-methods', { signal }),
    }),
  /** Spec 001 §5: asking with the auction selects its single usable card when none is. */
  selection: (auctionId: number) =>
    queryOptions({
      queryKey: cardKeys.selection(auctionId),
      queryFn: ({ signal }) =>
        api<AuctionPaymentMethod[]>('/api/auction-payment-methods', { query: { auctionId }, signal }),
    }),
  activeAuctions: (paymentMethodId: number) =>
    queryOptions({
      queryKey: cardKeys.activeAuctions(paymentMethodId),
      queryFn: ({ signal }) =>
        api<ActiveAuctionOfCard[]>(`/api/payment-methods/list-active-auction/${paymentMethodId}`, { signal }),
    }),
};

type CacheContext = { client: import('@tanstack/react-query').QueryClient };
const refreshCardsAndLots = (context: CacheContext) =>
  Promise.all([
    context.client.invalidateQueries({ queryKey: cardKeys.all }),
    context.client.invalidateQueries({ queryKey: lotKeys.all }),
  ]);

export const cardMutations = {
  /** POST when the auction has no selection yet, PUT with the selection's id when it has (spec 000 §7). */
  select: (auctionId: number) =>
    mutationOptions({
      mutationKey: [...cardKeys.selection(auctionId), 'select'],
      mutationFn: ({ paymentMethodId, selectionId }: { paymentMethodId: number; selectionId?: number }) =>
        api<AuctionPaymentMethod>('/api/auction-payment-methods', {
          method: selectionId ? 'PUT' : 'POST',
          body: { auctionId, paymentMethod_Id: paymentMethodId, ...(selectionId ? { id: selectionId } : {}) },
        }),
      onSettled: (_answer, _error, _request, _result, context) => refreshCardsAndLots(context),
    }),
  /** The hosted checkout (setup mode); the caller sends the browser to the answered `url`. */
  checkoutSession: (stripeInformationId: number) =>
    mutationOptions({
      mutationKey: [...cardKeys.all, 'checkout', stripeInformationId],
      mutationFn: (urls: { successUrl: string; cancelUrl: string }) =>
        api<CheckoutSession>(`/api/payments/stripeinformations/${stripeInformationId}/session`, {
          method: 'POST',
          body: urls,
        }),
    }),
  /** 409 card_in_use_cannot_be_deleted while the card carries a lead, a purchase or a donation. */
  delete: () =>
    mutationOptions({
      mutationKey: [...cardKeys.all, 'delete'],
      mutationFn: (paymentMethodId: number) =>
        api(`/api/payment-methods/delete-payment-method/${paymentMethodId}`, { method: 'DELETE' }),
      onSettled: (_answer, _error, _id, _result, context) => refreshCardsAndLots(context),
    }),
  replace: () =>
    mutationOptions({
      mutationKey: [...cardKeys.all, 'replace'],
      mutationFn: (request: { sourcePaymentMethodId: number; replacingPaymentMethodId: number }) =>
        api<{ auctionIds: number[] }>('/api/payment-methods/replace-payment-method', { method: 'POST', body: request }),
      onSettled: (_answer, _error, _request, _result, context) => refreshCardsAndLots(context),
    }),
  /** Spec 000 §2 profile toggle and spec 001 §4: the bidder accepts or refuses the card fees. */
  acceptFees: (auctionId: number) =>
    mutationOptions({
      mutationKey: [...cardKeys.all, 'fees', auctionId],
      mutationFn: (accepted: boolean) =>
        api<{ bidderHasAcceptedCreditCardFees: boolean | null }>(
          `/api/auctions/auction-bidder-has-accepted-credit-card-fees/${auctionId}/${accepted}`,
          { method: 'POST' },
        ),
      onSettled: (_answer, _error, _accepted, _result, { client }) =>
        client.invalidateQueries({ queryKey: auctionKeys.all }),
    }),
};
