import { decide } from './decide.ts';
import { evolve } from './evolve.ts';
import { initialState, isProcessed } from './state.ts';

/** A donation as an Emmett-style decider, written through the same command handler as lots. */
export const donationDecider = { decide, evolve, initialState, isProcessed };
