import { expect } from 'vitest';
import type { DeleteDonation, DonationAuction, ReceiveDonation } from '../../src/donation/commands.ts';
import { decide } from '../../src/donation/decide.ts';
import type { DonationDecision } from '../../src/donation/decision.ts';
import { type DonationEvent, type DonationEventBody, withMeta } from '../../src/donation/events.ts';
import { evolve } from '../../src/donation/evolve.ts';
import type { DonationRefusal } from '../../src/donation/refusals.ts';
import { type DonationState, initialState } from '../../src/donation/state.ts';

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

/** The events of commands that must all be accepted: the "given" of a test. */
export function history(...commands: (ReceiveDonation | DeleteDonation)[]): DonationEvent[] {
  let state = initialState();
  const events: DonationEvent[] = [];
  for (const each of commands) {
    const decision = decide(state, each);
    if (!decision.ok) throw new Error(`history: ${each.type} refused: ${decision.reason}`);
    events.push(...decision.events);
    state = decision.events.reduce(evolve, state);
  }
  return events;
}

/** given(events).when(command).then(expected): event bodies (the command's meta attached) or a refusal. */
export function given(events: DonationEvent[]) {
  const state = events.reduce(evolve, initialState());
  return {
    state,
    when(next: ReceiveDonation | DeleteDonation) {
      const decision: DonationDecision = decide(state, next);
      return {
        decision,
        // biome-ignore lint/suspicious/noThenProperty: given/when/then is the tests' vocabulary; nothing awaits this object.
        then(expected: DonationEventBody[] | DonationRefusal): DonationState {
          if (typeof expected === 'string') {
            expect(decision).toEqual({ ok: false, reason: expected });
            return state;
          }
          const meta = { commandId: next.commandId, userId: next.userId, at: next.at };
          expect(decision).toEqual({ ok: true, events: expected.map((body) => withMeta(body, meta)) });
          return decision.ok ? decision.events.reduce(evolve, state) : state;
        },
      };
    },
  };
}
