import fc from 'fast-check';
import {
  decide,
  evolve,
  initialState,
  type LotCommand,
  type LotEvent,
  type LotState,
  standing,
} from '../../src/lot/index.ts';
import { command, END, lotConfig, MINUTE } from './given.ts';

/** Random bidding runs for property tests: a few bidders' bids, maxes and deletions on one lot. */
export const BIDDERS = ['alice', 'bob', 'carol', 'dave'];

/** A bidder's move, with amounts relative to the minimum next bid so that many are accepted. */
export type Intent = { kind: 'bid' | 'max' | 'delete'; bidder: string; above: number };

export const intent = fc.record({
  kind: fc.constantFrom<Intent['kind']>('bid', 'bid', 'max', 'max', 'delete'),
  bidder: fc.constantFrom(...BIDDERS),
  above: fc.integer({ min: -200, max: 3_000 }),
});

export const pricing = fc.record({
  startingBid: fc.integer({ min: 1, max: 50_00 }),
  minimumIncrement: fc.constantFrom(1, 50, 1_00, 2_50),
});

export type Run = { state: LotState; accepted: LotCommand[]; events: LotEvent[][] };

/** Decides the intents in order, one minute apart, well before the end. */
export function run(config: { startingBid: number; minimumIncrement: number }, intents: Intent[]): Run {
  let state = initialState();
  const accepted: LotCommand[] = [];
  const events: LotEvent[][] = [];
  const decideNext = (next: LotCommand) => {
    const decision = decide(state, next);
    if (!decision.ok) return;
    accepted.push(next);
    events.push(decision.events);
    state = decision.events.reduce(evolve, state);
  };
  decideNext(command.open(lotConfig(config), { id: 'open' }));
  // Resolved one at a time: each intent's amount depends on the standing the previous ones left.
  for (const [i, each] of intents.entries()) decideNext(resolve(state, each, i));
  return { state, accepted, events };
}

function resolve(state: LotState, each: Intent, index: number): LotCommand {
  const options = { id: `c${index}`, at: END - (500 - index) * MINUTE };
  const config = state.config;
  const { price } = standing(state);
  const minimum = config === null ? 0 : price === null ? (config.startingBid ?? 0) : price + config.minimumIncrement;
  const amount = Math.max(1, minimum + each.above);
  if (each.kind === 'bid') return command.bid(each.bidder, amount, options);
  if (each.kind === 'max') return command.max(each.bidder, amount, options);
  return command.deleteMax(each.bidder, options);
}
