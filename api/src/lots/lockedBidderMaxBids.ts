import { AuctionStatus } from '@auction/contract';
import {
  type DeleteMaxBid,
  isClosedAt,
  type LotCommandHandler,
  type LotState,
  lotStreamId,
  maxBidOf,
} from '@auction/engine';
import type { LotsRepository } from './lotsRepository.ts';

/**
 * A bidder locked out of an auction (spec 000 §3: Locked denies them) stops bidding there, their
 * maximum bids included: the engine answers a bid with a standing max whoever holds it, so a lock
 * checked only at the HTTP edge left a locked bidder's max bidding and winning. On a lock, the
 * operator withdraws each of the bidder's maxes on the auction's open lots, as a DeleteMaxBid in
 * the lot's stream (DESIGN.md §3 rule 2: a deletion stops further automatic bids and leaves the
 * bids already standing), recorded with the operator who locked for the auditors.
 */

/** The lock's withdrawal on one lot: derived from the lock's command, so a retried lock withdraws nothing twice. */
export function maxBidWithdrawalCommandId(lockCommandId: string, lotId: number): string {
  return `${lockCommandId}:withdraw-max:${lotId}`;
}

/** Whether the lock has a max to withdraw on the lot: the bidder holds one and the lot still takes commands. */
export function holdsMaxToWithdraw(state: LotState, bidderId: string, at: number): boolean {
  return state.config !== null && !isClosedAt(state, at) && maxBidOf(state, bidderId) !== null;
}

export interface BidderLock {
  auctionId: number;
  bidderId: string;
  /** The operator who locked: the commands' author in the stream. */
  operatorId: string;
  /** The lock request's command id (scoped to the operator). */
  commandId: string;
}

/**
 * Withdraws the locked bidder's maxes on the auction's open lots; answers the lots withdrawn from.
 * An auction that is not Active runs no bid (and the engine refuses the withdrawal): nothing to do.
 */
export async function withdrawLockedBidderMaxBids(
  deps: { lotsRepository: LotsRepository; lotCommands: LotCommandHandler },
  lock: BidderLock,
): Promise<number[]> {
  const auction = await deps.lotsRepository.auctionStatusAndLotIds(lock.auctionId);
  if (auction?.status !== AuctionStatus.Active) return [];
  const withdrawn: number[] = [];
  for (const lotId of auction.lotIds) {
    const streamId = lotStreamId(lotId);
    const at = Date.now();
    const { state } = await deps.lotCommands.read(streamId);
    if (!holdsMaxToWithdraw(state, lock.bidderId, at)) continue;
    const command: DeleteMaxBid = {
      type: 'DeleteMaxBid',
      commandId: maxBidWithdrawalCommandId(lock.commandId, lotId),
      userId: lock.operatorId,
      at,
      auctionActive: true,
      bidderId: lock.bidderId,
    };
    // A refusal (the lot closed meanwhile, the max already withdrawn) leaves nothing to withdraw.
    const outcome = await deps.lotCommands.handle(streamId, command);
    if (outcome.ok) withdrawn.push(lotId);
  }
  return withdrawn;
}
