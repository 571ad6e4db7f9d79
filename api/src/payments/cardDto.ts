import type { PaymentMethod } from '@auction/contract';
import type { AuctionPaymentMethodRow, PaymentMethodRow } from './cardRepository.ts';
import { refusalOf, storedCardStatus } from './cardRules.ts';

/** A card as spec 000 §3 names its fields, with its state as shown today (spec 000 §4). */
export function paymentMethodDto(row: PaymentMethodRow, today: Date): PaymentMethod {
  const status = storedCardStatus(row, today) ?? 'declined';
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.exp_month,
    expYear: row.exp_year,
    cardHolderName: row.card_holder_name,
    isDeclinedInStripe: row.state === 'declined',
    paymentInformation_Id: row.payment_information_id,
    stripeInformation_Id: row.stripe_information_id,
    status,
    isSelectable: status === 'usable',
    message: refusalOf(status),
  };
}

export function auctionPaymentMethodDto(row: AuctionPaymentMethodRow) {
  return {
    id: row.id,
    auctionId: row.auction_id,
    paymentMethod_Id: row.payment_method_id,
    paymentInformation_Id: row.payment_information_id,
  };
}
