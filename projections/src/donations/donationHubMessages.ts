import { formatMoney } from '@auction/engine';
import type { HubMessage } from '../hubMessages.ts';
import type { Donation } from './donation.ts';
import type { DonationRecordedEvent } from './donationEvents.ts';

/** Spec 001 §7's DonationReceived and DonationDeleted, from the donation right after the event. */
export function donationHubMessages(event: DonationRecordedEvent, donation: Donation): HubMessage[] {
  const data = {
    auctionId: donation.auctionId,
    id: donation.donationId,
    userId: donation.userId,
    amount: { value: Number(formatMoney(donation.amount)), currencyCode: 'CAD' },
  };
  return [{ auctionId: donation.auctionId, name: event.type, data }];
}
