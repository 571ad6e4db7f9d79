import type { Cents } from '../money.ts';

/**
 * Fields every command carries: `commandId` is its idempotency key, `userId` who sends it, `at`
 * the server's receive time (epoch ms).
 */
export type DonationCommandEnvelope = { commandId: string; userId: string | null; at: number };

/**
 * What the rules read of the auction, as it stood when the command arrived (the decider never
 * looks anything up): its status, its donation type and its presets.
 */
export type DonationAuction = {
  id: number;
  status: number;
  donationType: number;
  donationAllowOtherAmount: boolean;
  /** The presets' amounts (the "other amount" preset has none). */
  presetAmounts: readonly Cents[];
};

/**
 * A donation of `amount` by `donorId` (null: anonymous). Who may donate (spec 001 §5's permission
 * function) is the caller's question, asked before.
 */
export type ReceiveDonation = DonationCommandEnvelope & {
  type: 'ReceiveDonation';
  donationId: string;
  donorId: string | null;
  amount: Cents;
  clientDateCreated: number | null;
  auction: DonationAuction;
};

/** An operator's deletion of a donation. */
export type DeleteDonation = DonationCommandEnvelope & { type: 'DeleteDonation'; donationId: string };

export type DonationCommand = ReceiveDonation | DeleteDonation;
