import type { DeleteDonation, DonationAuction, ReceiveDonation } from '../../src/donation/commands.ts';
import { decide } from '../../src/donation/decide.ts';
import { type DonationEventBody, withMeta } from '../../src/donation/events.ts';
import { evolve } from '../../src/donation/evolve.ts';
import { type DonationState, initialState } from '../../src/donation/state.ts';
import { modelTests } from '../modelTests.ts';

export const AT = Date.UTC(2026, 10, 20, 19, 0);
export const DONATION_ID = 'don-00000001';

/** An Active auction taking Internal donations of $25 or $50. */
export const auction = (overrides: Partial<DonationAuction> = {}): DonationAuction => ({
  id: 7,
  status: 3,
  donationType: 1,
  donationAllowOtherAmount: false,
  presetAmounts: [25_00, 50_00],
  ...overrides,
});

export const command = {
  receive: (overrides: Partial<ReceiveDonation> = {}): ReceiveDonation => ({
    type: 'ReceiveDonation',
    commandId: 'c-receive',
    userId: 'u1',
    at: AT,
    donationId: DONATION_ID,
    donorId: 'u1',
    amount: 25_00,
    clientDateCreated: null,
    auction: auction(),
    ...overrides,
  }),
  delete: (overrides: Partial<DeleteDonation> = {}): DeleteDonation => ({
    type: 'DeleteDonation',
    commandId: `${DONATION_ID}:deleted`,
    userId: 'admin',
    at: AT + 60_000,
    donationId: DONATION_ID,
    ...overrides,
  }),
};

export const event = {
  received: (
    data: Partial<Extract<DonationEventBody, { type: 'DonationReceived' }>['data']> = {},
  ): DonationEventBody => ({
    type: 'DonationReceived',
    data: { donationId: DONATION_ID, auctionId: 7, userId: 'u1', amount: 25_00, clientDateCreated: null, ...data },
  }),
  deleted: (
    data: Partial<Extract<DonationEventBody, { type: 'DonationDeleted' }>['data']> = {},
  ): DonationEventBody => ({
    type: 'DonationDeleted',
    data: { donationId: DONATION_ID, auctionId: 7, userId: 'u1', amount: 25_00, ...data },
  }),
};

/** `history(...commands)` and `given(events).when(command).then(expected)`; `then` returns the state after. */
export const { history, given } = modelTests(
  { initialState, decide, evolve, withMeta },
  (state: DonationState) => state,
);
