import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decide,
  evolve,
  type LotEvent,
  type LotState,
  previewRemoval,
  type RemovalPreview,
  standing,
} from '../../src/lot/index.ts';
import { intent, pricing, run } from './biddingRuns.ts';
import { command, END, MINUTE } from './given.ts';

type Confirmed = { events: LotEvent[]; state: LotState };

/** The real removal: another command id, decided later, as the operator's confirmation is. */
function confirm(state: LotState, bidId: string): Confirmed {
  const decision = decide(state, command.remove({ bidId }, { id: 'confirm', at: END + 30 * MINUTE }));
  if (!decision.ok) throw new Error(`removal refused: ${decision.reason}`);
  return { events: decision.events, state: decision.events.reduce(evolve, state) };
}

const withoutMeta = (events: LotEvent[]) => events.map(({ type, data }) => ({ type, data }));

function expectPreviewIsOutcome(preview: RemovalPreview, confirmed: Confirmed, state: LotState): void {
  expect(preview.ok).toBe(true);
  if (!preview.ok) return;
  expect(preview.before).toEqual(standing(state));
  expect(preview.after).toEqual(standing(confirmed.state));
  expect(withoutMeta(preview.events)).toEqual(withoutMeta(confirmed.events));
}

describe('a removal’s preview', () => {
  it('is the standing the removal then records, for any bid of any run, open or closed', () => {
    fc.assert(
      fc.property(
        pricing,
        fc.array(intent, { minLength: 1, maxLength: 25 }),
        fc.nat(),
        fc.boolean(),
        (config, intents, pick, closed) => {
          const opened = run(config, intents).state;
          const close = decide(opened, command.close({ id: 'close' }));
          const state = closed && close.ok ? close.events.reduce(evolve, opened) : opened;
          const bids = standing(state).bids;
          const target = bids[pick % Math.max(1, bids.length)];
          if (target === undefined) return;

          const preview = previewRemoval(state, command.remove({ bidId: target.bidId }, { id: 'preview' }));
          expectPreviewIsOutcome(preview, confirm(state, target.bidId), state);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('names the removed bids and the automatic bids the replay re-derives', () => {
    // Carol's max beats Alice's, which answered at 30; without Alice's max, Carol bids alone at the start.
    const { state } = run({ startingBid: 10_00, minimumIncrement: 1_00 }, []);
    const after = [command.max('alice', 30_00, { id: 'alice' }), command.max('carol', 50_00, { id: 'carol' })].reduce(
      (current, next) => {
        const decision = decide(current, next);
        if (!decision.ok) throw new Error(decision.reason);
        return decision.events.reduce(evolve, current);
      },
      state,
    );
    expect(standing(after)).toMatchObject({ leaderId: 'carol', price: 31_00 });

    const preview = previewRemoval(after, command.remove({ sourceCommandId: 'alice' }, { id: 'preview' }));
    if (!preview.ok) throw new Error(preview.reason);
    expect(preview.after).toMatchObject({ leaderId: 'carol', price: 10_00, maxBids: { carol: 50_00 } });
    const amounts = (bids: { bidderId: string; amount: number }[]) => bids.map((bid) => [bid.bidderId, bid.amount]);
    expect(amounts(preview.removedBids)).toEqual([
      ['alice', 10_00],
      ['alice', 30_00],
      ['carol', 31_00],
    ]);
    expect(amounts(preview.reDerivedBids)).toEqual([['carol', 10_00]]);
  });

  it('refuses as the removal would: an unknown bid', () => {
    const { state } = run({ startingBid: 10_00, minimumIncrement: 1_00 }, []);
    expect(previewRemoval(state, command.remove({ bidId: 'nobody#0' }))).toEqual({
      ok: false,
      reason: 'bid_not_found',
    });
  });
});
