import { type DonationCommand, type DonationEvent, type DonationState, donationDecider } from '../donation/index.ts';
import type { EventStore } from '../store/eventStore.ts';
import { CommandHandler, type CommandHandlerOptions } from './commandHandler.ts';

export type DonationCommandHandler = CommandHandler<DonationState, DonationCommand, DonationEvent>;

/**
 * Each donation is its own stream, `donation-<donationId>`: donations never contend with each
 * other, and the client's donation id names the donation whoever sends it again.
 */
export const DONATION_STREAM_PREFIX = 'donation-';
export const donationStreamId = (donationId: string) => `${DONATION_STREAM_PREFIX}${donationId}`;
export const isDonationStream = (streamId: string) =>
  streamId.startsWith(DONATION_STREAM_PREFIX) && streamId.length > DONATION_STREAM_PREFIX.length;
/** The command id of a deletion: a second deletion of the same donation, by anyone, is a retry of the first. */
export const donationDeletionCommandId = (donationId: string) => `${donationId}:deleted`;

export function createDonationCommandHandler(
  store: EventStore,
  options?: CommandHandlerOptions,
): DonationCommandHandler {
  return new CommandHandler<DonationState, DonationCommand, DonationEvent>(store, donationDecider, options);
}
