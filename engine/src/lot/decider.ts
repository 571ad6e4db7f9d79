import { decide } from './decide.ts';
import { evolve } from './evolve.ts';
import { initialState, type LotState, outcomeOf } from './state.ts';

/** The lot as an Emmett-style decider: commands in, events out, state folded from events. */
export const lotDecider = {
  decide,
  evolve,
  initialState,
  isProcessed: (state: LotState, commandId: string) => outcomeOf(state, commandId) !== undefined,
};
