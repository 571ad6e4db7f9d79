import type { CommandEnvelope } from '../commands.ts';
import type { RefusalReason } from '../refusals.ts';
import { isClosed, type LotState } from '../state.ts';

/** Closed once the close is recorded, and already at its end even before the close command runs. */
export function isClosedAt(state: LotState, at: number): boolean {
  return isClosed(state) || at >= state.endsAt;
}

/**
 * The checks every bid and purchase passes first, in the spec's order where the auction's status
 * overrides everything else (spec 001 §5, permission to bid).
 */
export function biddingGuard(state: LotState, command: CommandEnvelope): RefusalReason | null {
  if (!command.auctionActive) return 'auctionNotActive';
  if (state.hidden) return 'item_hidden';
  if (isClosedAt(state, command.at)) return 'item_closed';
  return null;
}

/** Deleting a max withdraws rather than bids, so a hidden lot does not stop it; a closed one does. */
export function withdrawalGuard(state: LotState, command: CommandEnvelope): RefusalReason | null {
  if (!command.auctionActive) return 'auctionNotActive';
  if (isClosedAt(state, command.at)) return 'item_closed';
  return null;
}

export function isPositiveCents(amount: number): boolean {
  return Number.isSafeInteger(amount) && amount > 0;
}
