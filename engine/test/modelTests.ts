import { expect } from 'vitest';

type Meta = { commandId: string; userId: string | null; at: number };

/** A pure decider as the model tests drive it, and how its event bodies get their command's meta. */
export interface ModelDecider<S, C extends Meta & { type: string }, E, B, R extends string> {
  initialState(): S;
  decide(state: S, command: C): { ok: true; events: E[] } | { ok: false; reason: R };
  evolve(state: S, event: E): S;
  withMeta(body: B, meta: Meta): E;
}

/**
 * The model tests' vocabulary for a decider: `history(...commands)`, the events of commands that
 * must all be accepted (the "given", written as what happened), and
 * `given(events).when(command).then(expected)`, where `expected` is the event bodies (the command's
 * meta is attached to them) or a refusal. `then` returns `view` of the state after, for further checks.
 */
export function modelTests<S, C extends Meta & { type: string }, E, B, R extends string, V>(
  decider: ModelDecider<S, C, E, B, R>,
  view: (state: S) => V,
) {
  const stateOf = (events: E[]): S => events.reduce(decider.evolve, decider.initialState());

  function history(...commands: C[]): E[] {
    let state = decider.initialState();
    const events: E[] = [];
    for (const each of commands) {
      const decision = decider.decide(state, each);
      if (!decision.ok) throw new Error(`history: ${each.type} ${each.commandId} refused: ${decision.reason}`);
      events.push(...decision.events);
      state = decision.events.reduce(decider.evolve, state);
    }
    return events;
  }

  function given(events: E[]) {
    const state = stateOf(events);
    return {
      state,
      when(next: C) {
        const decision = decider.decide(state, next);
        return {
          decision,
          // biome-ignore lint/suspicious/noThenProperty: given/when/then is the tests' vocabulary; nothing awaits this object.
          then(expected: B[] | R): V {
            if (typeof expected === 'string') {
              expect(decision).toEqual({ ok: false, reason: expected });
              return view(state);
            }
            const meta = { commandId: next.commandId, userId: next.userId, at: next.at };
            expect(decision).toEqual({ ok: true, events: expected.map((body) => decider.withMeta(body, meta)) });
            return view(decision.ok ? decision.events.reduce(decider.evolve, state) : state);
          },
        };
      },
    };
  }

  return { stateOf, history, given };
}
