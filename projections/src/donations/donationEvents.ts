import type { DonationEvent, RecordedEvent } from '@auction/engine';

/**
 * A donation stream's event as the projections read it. The events, their streams
 * (`donation-<donationId>`) and the rules that write them are the engine's (engine/src/donation).
 */
export type DonationRecordedEvent = DonationEvent & Pick<RecordedEvent, 'streamId' | 'streamVersion'>;

/** The store keeps events untyped; a donation stream only ever holds what the engine's donation decider produced. */
export function asDonationEvent(recorded: RecordedEvent): DonationRecordedEvent {
  return recorded as unknown as DonationRecordedEvent;
}
