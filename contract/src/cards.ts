import { z } from 'zod';
import { decimalInteger, errorAnswers, idParams, rowId, rowIdValue, successAnswer } from './common.ts';

/**
 * Cards on file (spec 000 §3 "Payment method", "Payment information", "Auction payment method",
 * §5 and §7): the requests and answers of the card calls and of Stripe's webhook.
 */

/** Spec 000 §4 "Card state", as shown: expired is computed from today's date; refused is American Express. */
export const cardStatus = z.enum(['usable', 'declined', 'expired', 'refused']);

/** A Stripe customer of the user under one payment configuration. */
export const paymentInformation = z.object({
  id: z.number().int(),
  stripeInformation_Id: z.number().int(),
  stripeInformationName: z.string(),
});

export const paymentMethod = z.object({
  id: z.number().int(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  cardHolderName: z.string().nullable(),
  isDeclinedInStripe: z.boolean(),
  paymentInformation_Id: z.number().int(),
  stripeInformation_Id: z.number().int(),
  status: cardStatus,
  /** Usable: it may be selected for an auction. */
  isSelectable: z.boolean(),
  /** Why it cannot be selected (amex_not_accepted, card_declined_or_expired); null when it can. */
  message: z.string().nullable(),
});

export const auctionPaymentMethod = z.object({
  id: z.number().int(),
  auctionId: z.number().int(),
  paymentMethod_Id: z.number().int(),
  paymentInformation_Id: z.number().int(),
});

export const auctionPaymentMethodsQuery = z.object({
  /** With an auction, its single usable card is selected when none is (spec 001 §5). */
  auctionId: rowId.optional(),
});

export const selectAuctionPaymentMethodBody = z.object({
  auctionId: rowIdValue,
  paymentMethod_Id: rowIdValue,
  paymentInformation_Id: rowIdValue.optional(),
});
/** PUT when the selection exists (its id non-zero, spec 000 §7). */
export const updateAuctionPaymentMethodBody = selectAuctionPaymentMethodBody.extend({ id: rowIdValue });

/** Where Checkout sends the user back: absolute http(s) URLs. */
const returnUrl = z.url({ protocol: /^https?$/ }).max(2000);
export const checkoutSessionBody = z.object({
  successUrl: returnUrl,
  cancelUrl: returnUrl,
});
export const checkoutSessionAnswer = z.object({
  publishableKey: z.string(),
  sessionId: z.string(),
  /** The hosted Checkout page to redirect to. */
  url: z.string(),
});

export const stripeInformationOption = z.object({
  value: z.number().int(),
  text: z.string(),
  labels: z.object({ en: z.string(), fr: z.string() }),
});

export const companyParams = z.object({ companyId: decimalInteger(z.number().int().min(0).max(32_767)) });
export const paymentMethodIdParams = z.object({ paymentMethodId: rowId });

export const activeAuctionOfCard = z.object({
  id: z.number().int(),
  urlMagicLink: z.string(),
  name: z.string(),
});

export const replacePaymentMethodBody = z.object({
  sourcePaymentMethodId: rowIdValue,
  replacingPaymentMethodId: rowIdValue,
});
export const replacePaymentMethodAnswer = successAnswer.extend({ auctionIds: z.array(z.number().int()) });

export const stripeWebhookAnswer = z.object({
  received: z.literal(true),
  /** applied, duplicate (already applied: no effect), ignored (an event the product does not use). */
  outcome: z.enum(['applied', 'duplicate', 'ignored']),
});

export const cardsContract = {
  paymentInformations: { response: { 200: z.array(paymentInformation), ...errorAnswers(401) } },
  paymentMethods: { response: { 200: z.array(paymentMethod), ...errorAnswers(401) } },
  auctionPaymentMethods: {
    querystring: auctionPaymentMethodsQuery,
    response: { 200: z.array(auctionPaymentMethod), ...errorAnswers(401, 403, 404) },
  },
  selectAuctionPaymentMethod: {
    body: selectAuctionPaymentMethodBody,
    response: { 200: auctionPaymentMethod, ...errorAnswers(401, 403, 404) },
  },
  updateAuctionPaymentMethod: {
    body: updateAuctionPaymentMethodBody,
    response: { 200: auctionPaymentMethod, ...errorAnswers(401, 403, 404) },
  },
  checkoutSession: {
    params: idParams,
    body: checkoutSessionBody,
    response: { 200: checkoutSessionAnswer, ...errorAnswers(401, 404) },
  },
  stripeInformations: {
    params: companyParams,
    response: { 200: z.array(stripeInformationOption), ...errorAnswers(401, 403) },
  },
  deletePaymentMethod: {
    params: idParams,
    response: { 200: successAnswer, ...errorAnswers(401, 404, 409) },
  },
  activeAuctionsOfCard: {
    params: paymentMethodIdParams,
    response: { 200: z.array(activeAuctionOfCard), ...errorAnswers(401, 404) },
  },
  replacePaymentMethod: {
    body: replacePaymentMethodBody,
    response: { 200: replacePaymentMethodAnswer, ...errorAnswers(401, 403, 404) },
  },
  stripeWebhook: { response: { 200: stripeWebhookAnswer, ...errorAnswers() } },
} as const;

export type PaymentInformation = z.infer<typeof paymentInformation>;
export type PaymentMethod = z.infer<typeof paymentMethod>;
export type AuctionPaymentMethod = z.infer<typeof auctionPaymentMethod>;
export type CheckoutSessionAnswer = z.infer<typeof checkoutSessionAnswer>;
export type StripeInformationOption = z.infer<typeof stripeInformationOption>;
export type ActiveAuctionOfCard = z.infer<typeof activeAuctionOfCard>;
