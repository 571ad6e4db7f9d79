import type {
  activeAuctionOfCard,
  auctionPaymentMethod,
  checkoutSessionAnswer,
  paymentMethod,
} from '@auction/contract';
import type { z } from 'zod';

/** Spec 000 §3 Payment method (a card), with its state (contract/src/cards.ts). */
export type PaymentMethod = z.infer<typeof paymentMethod>;
/** The card a user selected for an auction. */
export type AuctionPaymentMethod = z.infer<typeof auctionPaymentMethod>;
export type CheckoutSession = z.infer<typeof checkoutSessionAnswer>;
export type ActiveAuctionOfCard = z.infer<typeof activeAuctionOfCard>;
