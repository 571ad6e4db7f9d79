// Spec 000 §3 Payment method (a card) with its state, the card a user selected for an auction, and
// the answers about them: the contract's (contract/src/cards.ts).
export type {
  ActiveAuctionOfCard,
  AuctionPaymentMethod,
  CheckoutSessionAnswer as CheckoutSession,
  PaymentMethod,
} from '@auction/contract';
