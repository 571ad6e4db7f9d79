import type { RemoveBid } from '../commands.ts';
import type { Pricing } from '../config.ts';
import { accept, type RuleResult, refuse } from '../decision.ts';
import { findNewest, type List, oldestFirst, prepend } from '../list.ts';
import { applyToPosition, emptyPosition, type Position } from '../position.ts';
import { type LedgerEntry, type LotState, type StandingBid, standingBidOf } from '../state.ts';
import { manualBid } from './bidding.ts';
import { deleteMaxBid, placeMaxBid } from './max-bid.ts';

type BidEntry = Extract<LedgerEntry, { kind: 'bid' }>;
type MaxBidEntry = Extract<LedgerEntry, { kind: 'maxBid' }>;

export type ReplayedBidding = { position: Position; bids: List<StandingBid>; bidCount: number };

/** Before the lot opens there is no price, so nothing could be accepted. */
const NO_PRICING: Pricing = { startingBid: null, minimumIncrement: 0 };

/**
 * Rule 4's recomputation: the accepted bid-affecting commands, minus the excluded ones, through
 * rules 1–3 in their original order and against the prices in force at the time. Time, hiding and
 * the auction's status are not judged again, and a command the new standing makes invalid simply
 * has no effect.
 */
export function replayBidding(ledger: List<LedgerEntry>, excluded: ReadonlySet<string>): ReplayedBidding {
  let pricing = NO_PRICING;
  let position = emptyPosition;
  let bids: List<StandingBid> = null;
  let bidCount = 0;
  for (const entry of oldestFirst(ledger)) {
    if (entry.kind === 'pricing') {
      pricing = entry.pricing;
      continue;
    }
    if (excluded.has(entry.commandId)) continue;
    const result =
      entry.kind === 'bid'
        ? manualBid(position, pricing, entry)
        : entry.kind === 'maxBid'
          ? placeMaxBid(position, pricing, entry)
          : deleteMaxBid(position, entry.bidderId);
    if (!result.ok) continue;
    for (const body of result.bodies) {
      position = applyToPosition(position, body, entry.commandId);
      if (body.type === 'BidPlaced') {
        bids = prepend(bids, standingBidOf(body.data, entry.at));
        bidCount += 1;
      }
    }
  }
  return { position, bids, bidCount };
}

/**
 * Rule 4, an administrator's removal. It takes away the owning command: a manual bid, or a whole
 * max (its placement, every later raise and its deletion), then recomputes the standing.
 */
export function removeBid(state: LotState, command: RemoveBid): RuleResult {
  const sourceCommandId =
    command.bidId === undefined
      ? command.sourceCommandId
      : findNewest(state.bids, (bid) => bid.bidId === command.bidId)?.sourceCommandId;
  const target = findNewest(
    state.ledger,
    (entry): entry is BidEntry | MaxBidEntry =>
      (entry.kind === 'bid' || entry.kind === 'maxBid') &&
      entry.commandId === sourceCommandId &&
      !state.removedCommandIds.has(entry.commandId),
  );
  if (target === undefined) return refuse('bid_not_found');

  const removedCommandIds =
    target.kind === 'bid'
      ? [target.commandId]
      : oldestFirst(state.ledger).flatMap((entry) =>
          (entry.kind === 'maxBid' || entry.kind === 'deleteMax') &&
          entry.chainId === target.chainId &&
          !state.removedCommandIds.has(entry.commandId)
            ? [entry.commandId]
            : [],
        );
  const removed = new Set(removedCommandIds);
  const replayed = replayBidding(state.ledger, new Set([...state.removedCommandIds, ...removed]));
  const bidId = command.bidId ?? oldestFirst(state.bids).find((bid) => removed.has(bid.sourceCommandId))?.bidId ?? null;
  return accept([
    {
      type: 'BidRemoved',
      data: {
        bidId,
        bidderId: target.bidderId,
        removedCommandIds,
        removedBy: command.userId,
        reason: command.reason,
        price: replayed.position.price,
        leaderId: replayed.position.leaderId,
      },
    },
  ]);
}
