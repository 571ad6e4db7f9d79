import type { LotCommand } from './commands.ts';
import { decide } from './decide.ts';
import type { LotEvent } from './events.ts';
import { evolve } from './evolve.ts';
import type { RefusalReason } from './refusals.ts';
import { type Standing, standing } from './standing.ts';
import type { LotState, StandingBid } from './state.ts';

/**
 * What a command would produce, without recording anything: the same `decide` and `evolve` the
 * command handler runs, on the state the caller loaded. Deciding is pure, so the same command on
 * the same stream version produces the same events (only their meta — the command id and its
 * time — differs), and the standing after them is the one the real command will leave.
 */
export type CommandPreview =
  | { ok: true; events: LotEvent[]; before: Standing; after: Standing }
  | { ok: false; reason: RefusalReason };

export function previewCommand(state: LotState, command: LotCommand): CommandPreview {
  const decision = decide(state, command);
  if (!decision.ok) return decision;
  const after = decision.events.reduce(evolve, state);
  return { ok: true, events: decision.events, before: standing(state), after: standing(after) };
}

/**
 * A removal's preview for an operator (DESIGN.md §3 rule 4): besides both standings, the bids the
 * removal takes away and the automatic bids the replay re-derives, so nobody is surprised by who
 * leads afterwards.
 */
export type RemovalPreview =
  | {
      ok: true;
      events: LotEvent[];
      before: Standing;
      after: Standing;
      /** Bids of today's standing that are gone afterwards (the removed command's, and automatic answers to it). */
      removedBids: StandingBid[];
      /** Automatic bids the replay places that today's standing does not hold (a new id, bidder or amount). */
      reDerivedBids: StandingBid[];
    }
  | { ok: false; reason: RefusalReason };

export function previewRemoval(state: LotState, command: Extract<LotCommand, { type: 'RemoveBid' }>): RemovalPreview {
  const preview = previewCommand(state, command);
  if (!preview.ok) return preview;
  const key = (bid: StandingBid) => `${bid.bidId}|${bid.bidderId}|${bid.amount}`;
  const afterKeys = new Set(preview.after.bids.map(key));
  const beforeKeys = new Set(preview.before.bids.map(key));
  return {
    ...preview,
    removedBids: preview.before.bids.filter((bid) => !afterKeys.has(key(bid))),
    reDerivedBids: preview.after.bids.filter((bid) => bid.isAutoBid && !beforeKeys.has(key(bid))),
  };
}
