import type { NewEvent } from '../store/eventStore.ts';

export type Decision<E> = { ok: true; events: E[] } | { ok: false; reason: string };

/** The shape every decider has (Emmett's): pure decide and evolve over an initial state. */
export interface Decider<S, C extends { commandId: string }, E extends NewEvent> {
  decide(state: S, command: C): Decision<E>;
  evolve(state: S, event: E): S;
  initialState(): S;
  /**
   * Whether the state already holds this command's events: then it is a retry, answered from the
   * store's record of it (or refused as a reuse) instead of being decided again.
   */
  isProcessed?(state: S, commandId: string): boolean;
}
