import { AuctionStatus, DonationType } from '@auction/contract';
import type { Cents } from '@auction/engine';
import type { DonationDeleted, DonationReceived } from '@auction/projections';

export interface DonationAuction {
  id: number;
  status: number;
  donationType: number;
  donationAllowOtherAmount: boolean;
  /** The presets' amounts (the "other amount" preset has none). */
  presetAmounts: readonly Cents[];
}

export interface DonationRequest {
  donationId: string;
  userId: string | null;
  amount: Cents;
  clientDateCreated: number | null;
}

export type DonationRefusal = 'auctionNotActive' | 'donation_not_allowed' | 'invalid_donation_amount';

export type Decision<E> = { ok: true; event: E } | { ok: false; reason: DonationRefusal };

/**
 * What the auction's donation settings allow (who may donate is permissionToBid's question, asked
 * before): an Active auction taking Internal donations, and an amount that is one of the presets
 * unless the auction allows another amount.
 */
export function decideDonation(auction: DonationAuction, request: DonationRequest): Decision<DonationReceived> {
  if (auction.status !== AuctionStatus.Active) return { ok: false, reason: 'auctionNotActive' };
  // Spec 001 §3 donationType: only Internal donations are taken here (External ones go to donationUrl).
  if (auction.donationType !== DonationType.Internal) return { ok: false, reason: 'donation_not_allowed' };
  if (!auction.donationAllowOtherAmount && !auction.presetAmounts.includes(request.amount)) {
    return { ok: false, reason: 'invalid_donation_amount' };
  }
  return {
    ok: true,
    event: {
      type: 'DonationReceived',
      data: {
        donationId: request.donationId,
        auctionId: auction.id,
        userId: request.userId,
        amount: request.amount,
        clientDateCreated: request.clientDateCreated,
      },
    },
  };
}

/** A retry carries the same donation; the same id with another auction, donor or amount is a conflict. */
export function sameDonation(recorded: DonationReceived['data'], auctionId: number, request: DonationRequest): boolean {
  return recorded.auctionId === auctionId && recorded.userId === request.userId && recorded.amount === request.amount;
}

/** The deletion of a received donation; null when it is already deleted (the deletion is then a retry). */
export function decideDeletion(received: DonationReceived['data'], alreadyDeleted: boolean): DonationDeleted | null {
  if (alreadyDeleted) return null;
  const { donationId, auctionId, userId, amount } = received;
  return { type: 'DonationDeleted', data: { donationId, auctionId, userId, amount } };
}
