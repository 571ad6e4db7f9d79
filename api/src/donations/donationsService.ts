import { createDonationCommandHandler, type EventStore } from '@auction/engine';
import type { Db } from '@auction/platform';
import { type DonationAuctionRow, donationAuction, donorContext, userDonations } from './donationRepository.ts';

/**
 * Donations bound to the infrastructure once (decorated as `app.donations`): the engine's donation
 * decider behind its command handler, and the reads a donation call needs.
 */
export function donationsService(db: Db, eventStore: EventStore) {
  return {
    /** Receive and delete donations: the engine decides (engine/src/donation). */
    commands: createDonationCommandHandler(eventStore),
    /** What a donation needs of its auction: its settings and presets. */
    auction: (auctionId: number) => donationAuction(db, auctionId),
    /** Who is donating: roles, address, locked, organisation, admission. */
    donor: (auction: DonationAuctionRow, userId: string) => donorContext(db, auction, userId),
    /** The bidder's standing donations to the auction and their card-fee decision. */
    ofBidder: (auctionId: number, userId: string) => userDonations(db, auctionId, userId),
  };
}

export type DonationsService = ReturnType<typeof donationsService>;
