export type {
  DeleteDonation,
  DonationAuction,
  DonationCommand,
  DonationCommandEnvelope,
  ReceiveDonation,
} from './commands.ts';
export { decide as decideDonation, sameDonation } from './decide.ts';
export { donationDecider } from './decider.ts';
export type { DonationDecision } from './decision.ts';
export type {
  DonationDeleted,
  DonationEvent,
  DonationEventBody,
  DonationEventMeta,
  DonationEventType,
  DonationReceived,
} from './events.ts';
export { evolve as evolveDonation } from './evolve.ts';
export type { DonationRefusal } from './refusals.ts';
export { type DonationState, initialState as initialDonationState } from './state.ts';
