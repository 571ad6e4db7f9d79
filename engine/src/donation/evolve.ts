import type { DonationEvent } from './events.ts';
import type { DonationState } from './state.ts';

export function evolve(state: DonationState, event: DonationEvent): DonationState {
  switch (event.type) {
    case 'DonationReceived':
      return { ...state, received: { ...event.data, at: event.meta.at, commandId: event.meta.commandId } };
    case 'DonationDeleted':
      return { ...state, deleted: { at: event.meta.at, by: event.meta.userId, commandId: event.meta.commandId } };
  }
}
