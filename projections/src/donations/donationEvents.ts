import type { Cents, RecordedEvent } from '@auction/engine';

/**
 * Donations are events too (issue 5): each donation is its own stream, `donation-<donationId>`,
 * so donations never contend with each other and the donation id (client-generated) is both the
 * stream's name and the idempotency key of the command that opens it. The API writes these events
 * (api/src/donations); the projections read them. Times are the server's, in epoch ms (meta.at).
 */
export type DonationReceived = {
  type: 'DonationReceived';
  data: {
    donationId: string;
    auctionId: number;
    /** Null for an anonymous donation. */
    userId: string | null;
    amount: Cents;
    /** What the client said its time was: recorded, never decisive. */
    clientDateCreated: number | null;
  };
};

/** An administrator's deletion; meta.userId is who deleted it. */
export type DonationDeleted = {
  type: 'DonationDeleted';
  data: { donationId: string; auctionId: number; userId: string | null; amount: Cents };
};

export type DonationEventBody = DonationReceived | DonationDeleted;
export type DonationRecordedEvent = DonationEventBody & Pick<RecordedEvent, 'meta' | 'streamId' | 'streamVersion'>;

export const DONATION_STREAM_PREFIX = 'donation-';
export const donationStreamId = (donationId: string) => `${DONATION_STREAM_PREFIX}${donationId}`;
/** The command id of a deletion: a second deletion of the same donation is a retry of the first. */
export const donationDeletionCommandId = (donationId: string) => `${donationId}:deleted`;

export function isDonationStream(streamId: string): boolean {
  return streamId.startsWith(DONATION_STREAM_PREFIX) && streamId.length > DONATION_STREAM_PREFIX.length;
}

/** The store keeps events untyped; a donation stream only ever holds what the API's donation decider produced. */
export function asDonationEvent(recorded: RecordedEvent): DonationRecordedEvent {
  return recorded as unknown as DonationRecordedEvent;
}
