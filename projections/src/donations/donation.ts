import type { Cents, RecordedEvent } from '@auction/engine';
import { asDonationEvent, type DonationRecordedEvent } from './donationEvents.ts';

/** The donations read model's row as the projections compute it (camelCase, epoch ms). */
export interface Donation {
  donationId: string;
  auctionId: number;
  userId: string | null;
  amount: Cents;
  donatedAt: number;
  clientDateCreated: number | null;
  deletedAt: number | null;
  deletedBy: string | null;
  streamVersion: number;
}

/**
 * One donation after one of its events; null when the event does not apply: its version is not
 * above the row's (a redelivery), or a deletion arrives for a donation never received.
 */
export function donationAfter(row: Donation | null, event: DonationRecordedEvent): Donation | null {
  if (row && event.streamVersion <= row.streamVersion) return null;
  switch (event.type) {
    case 'DonationReceived':
      return {
        donationId: event.data.donationId,
        auctionId: event.data.auctionId,
        userId: event.data.userId,
        amount: event.data.amount,
        donatedAt: event.meta.at,
        clientDateCreated: event.data.clientDateCreated,
        deletedAt: null,
        deletedBy: null,
        streamVersion: event.streamVersion,
      };
    case 'DonationDeleted':
      if (!row) return null;
      return { ...row, deletedAt: event.meta.at, deletedBy: event.meta.userId, streamVersion: event.streamVersion };
    default:
      return null;
  }
}

/** The donation as a replay of its whole stream gives it: what verify compares with. */
export function donationFromStream(recorded: readonly RecordedEvent[]): Donation | null {
  let row: Donation | null = null;
  for (const record of recorded) row = donationAfter(row, asDonationEvent(record)) ?? row;
  return row;
}
