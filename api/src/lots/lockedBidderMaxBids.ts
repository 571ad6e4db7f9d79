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
 *
 * A bid's check and the lock are not one transaction: a maximum whose bid was checked just before
 * the lock was written, and appended just after the lock read that lot's stream, would escape the
 * lock and go on bidding. So the bid's own path looks again once its maximum is appended
 * (`withdrawMaxPlacedDuringLock`). The lock writes the status, then reads the streams; the bid
 * appends, then reads the status: whichever comes second sees the other's write.
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

/** The bid's late withdrawal: derived from the bid's command, so a retried bid withdraws nothing twice. */
export function lateWithdrawalCommandId(bidCommandId: string): string {
  return `${bidCommandId}:withdraw-max-locked`;
}

export interface PlacedMax {
  auctionId: number;
  lotId: number;
  bidderId: string;
  /** The (scoped) command id of the bid that placed the maximum. */
  commandId: string;
  /** Who placed it: the author when the lock's operator is unknown (a lock older than migration 0044). */
  placedBy: string;
}

/**
 * After a maximum is appended: if its bidder is locked out by now, withdraws it as the lock would
 * have, under the lock's operator. Answers the lot's state after the withdrawal, or null when the
 * bidder is not locked or the maximum is gone already (the lock withdrew it, or the lot closed).
 */
export async function withdrawMaxPlacedDuringLock(
  deps: { lotsRepository: LotsRepository; lotCommands: LotCommandHandler },
  placed: PlacedMax,
): Promise<LotState | null> {
  const lock = await deps.lotsRepository.lockOf(placed.auctionId, placed.bidderId);
  if (!lock) return null;
  const command: DeleteMaxBid = {
    type: 'DeleteMaxBid',
    commandId: lateWithdrawalCommandId(placed.commandId),
    userId: lock.lockedBy ?? placed.placedBy,
    at: Date.now(),
    auctionActive: true,
    bidderId: placed.bidderId,
  };
  const outcome = await deps.lotCommands.handle(lotStreamId(placed.lotId), command);
  return outcome.ok ? outcome.state : null;
}
