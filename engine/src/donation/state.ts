import type { Cents } from '../money.ts';

/** A donation's stream folded: what was received (and when, by which command), and its deletion. */
export type DonationState = {
  received: {
    donationId: string;
    auctionId: number;
    userId: string | null;
    amount: Cents;
    clientDateCreated: number | null;
    /** Server time of the DonationReceived: the donation's date. */
    at: number;
    commandId: string;
  } | null;
  deleted: { at: number; by: string | null; commandId: string } | null;
};

export const initialState = (): DonationState => ({ received: null, deleted: null });

/** Whether the state already holds this command's events: a retry, answered from the store's record. */
export const isProcessed = (state: DonationState, commandId: string): boolean =>
  state.received?.commandId === commandId || state.deleted?.commandId === commandId;
