import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as lot from '../../src/lot/index.ts';
import { intent, pricing, run } from './biddingRuns.ts';
import { command, MINUTE, stateOf } from './given.ts';

/** Applies commands that must all be accepted. */
function applyAll(state: lot.LotState, commands: lot.LotCommand[]): lot.LotState {
  return commands.reduce((current, next) => {
    const decision = lot.decide(current, next);
    if (!decision.ok) throw new Error(`${next.commandId} refused: ${decision.reason}`);
    return decision.events.reduce(lot.evolve, current);
  }, state);
}

describe('bidding properties', () => {
  it('an automatic bid never exceeds its owner’s max, and only the leader holds a max above the price', () => {
    fc.assert(
      fc.property(pricing, fc.array(intent, { maxLength: 30 }), (config, intents) => {
        const { events } = run(config, intents);
        let state = lot.initialState();
        for (const decision of events) {
          state = decision.reduce(lot.evolve, state);
          const now = lot.standing(state);
          for (const each of decision) {
            if (each.type === 'BidPlaced' && each.data.isAutoBid) {
              expect(each.data.amount).toBeLessThanOrEqual(now.maxBids[each.data.bidderId] ?? 0);
            }
          }
          for (const [bidderId, max] of Object.entries(now.maxBids)) {
            if (bidderId !== now.leaderId) expect(max).toBeLessThanOrEqual(now.price ?? 0);
          }
          const last = decision.findLast((each) => each.type === 'BidPlaced');
          if (last?.type === 'BidPlaced') {
            expect([now.leaderId, now.price]).toEqual([last.data.bidderId, last.data.amount]);
            if (last.data.isAutoBid) expect(now.price).toBeLessThanOrEqual(now.maxBids[now.leaderId ?? ''] ?? 0);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('between two maxes the price is min(top max, second max + increment), and the earlier one wins a tie', () => {
    fc.assert(
      fc.property(
        pricing,
        fc.integer({ min: 0, max: 200_00 }),
        // Ties are what the rule is most about, so one case in three is one.
        fc.oneof(fc.constant(0), fc.integer({ min: -5_00, max: 5_00 }), fc.integer({ min: -200_00, max: 200_00 })),
        (config, above, difference) => {
          const a = config.startingBid + above;
          const b = Math.max(config.startingBid + config.minimumIncrement, a + difference);
          const after = applyAll(run(config, []).state, [
            command.max('alice', a, { id: 'a' }),
            command.max('bob', b, { id: 'b' }),
          ]);
          const result = lot.standing(after);
          expect(result.price).toBe(Math.min(Math.max(a, b), Math.min(a, b) + config.minimumIncrement));
          expect(result.leaderId).toBe(b > a ? 'bob' : 'alice');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('nothing is accepted at or after the end', () => {
    fc.assert(
      fc.property(
        pricing,
        fc.array(intent, { maxLength: 20 }),
        intent,
        fc.integer({ min: 0, max: 10 * 24 * 60 * MINUTE }),
        (config, intents, last, late) => {
          const { state } = run(config, intents);
          const at = lot.standing(state).endsAt + late;
          const options = { at, id: 'late' };
          const attempts = [
            command.bid(last.bidder, 1_000_000_00, options),
            command.max(last.bidder, 1_000_000_00, options),
            command.deleteMax(last.bidder, options),
            command.closeEarly(options),
          ];
          for (const attempt of attempts)
            expect(lot.decide(state, attempt)).toEqual({ ok: false, reason: 'item_closed' });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('replaying the events gives the state that deciding and evolving built, removals included', () => {
    fc.assert(
      fc.property(
        pricing,
        fc.array(intent, { maxLength: 25 }),
        fc.array(fc.nat(), { maxLength: 3 }),
        (config, intents, removals) => {
          const { state, accepted, events } = run(config, intents);
          let current = state;
          const all = events.flat();
          for (const pick of removals) {
            const target = accepted[1 + (pick % Math.max(1, accepted.length - 1))];
            if (target === undefined) continue;
            const decision = lot.decide(
              current,
              command.remove({ sourceCommandId: target.commandId }, { id: `r${pick}` }),
            );
            if (!decision.ok) continue;
            all.push(...decision.events);
            current = decision.events.reduce(lot.evolve, current);
          }
          expect(stateOf(all)).toEqual(current);
          expect(lot.standing(stateOf(all))).toEqual(lot.standing(current));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('removing a bid gives the standing of never having placed it', () => {
    fc.assert(
      fc.property(pricing, fc.array(intent, { minLength: 1, maxLength: 25 }), fc.nat(), (config, intents, pick) => {
        const { state, accepted, events } = run(config, intents);
        const removable = accepted.filter((each) => each.type === 'PlaceBid' || each.type === 'PlaceMaxBid');
        const target = removable[pick % Math.max(1, removable.length)];
        if (target === undefined) return;

        const decision = lot.decide(state, command.remove({ sourceCommandId: target.commandId }, { id: 'remove' }));
        expect(decision.ok).toBe(true);
        const removed = decision.ok ? decision.events.reduce(lot.evolve, state) : state;

        const owning = owningCommands(events.flat(), target.commandId);
        let never = lot.initialState();
        for (const each of accepted.filter((command) => !owning.has(command.commandId))) {
          const result = lot.decide(never, each);
          if (result.ok) never = result.events.reduce(lot.evolve, never);
        }
        expect(lot.standing(removed)).toEqual(lot.standing(never));
      }),
      { numRuns: 200 },
    );
  });
});

/**
 * The commands a removal takes away, worked out from the events alone: the bid's own command, or
 * for a max everything from its placement to its deletion.
 */
function owningCommands(events: lot.LotEvent[], commandId: string): Set<string> {
  const chainOf = new Map<string, string>();
  const openChain = new Map<string, string>();
  for (const each of events) {
    const id = each.meta.commandId;
    if (each.type === 'MaxBidPlaced') openChain.set(each.data.bidderId, id);
    if (each.type === 'MaxBidPlaced' || each.type === 'MaxBidRaised' || each.type === 'MaxBidDeleted') {
      chainOf.set(id, openChain.get(each.data.bidderId) ?? id);
    }
    if (each.type === 'MaxBidDeleted') openChain.delete(each.data.bidderId);
  }
  const chain = chainOf.get(commandId);
  if (chain === undefined) return new Set([commandId]);
  return new Set([...chainOf].filter(([, start]) => start === chain).map(([id]) => id));
}
