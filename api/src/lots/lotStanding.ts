import { type LotState, standingSummary } from '@auction/engine';
import { toMoney } from '../money.ts';

/**
 * A lot's committed standing after a command, as the API answers it: the one builder behind the
 * bid routes' `standing` and the operator commands' answer, each of which picks its fields.
 */
export function lotStanding(lotId: number, state: LotState) {
  const s = standingSummary(state);
  return {
    auctionLotItemId: lotId,
    lotStatus: s.lotStatus,
    isHidden: s.hidden,
    price: toMoney(s.price),
    leaderUserId: s.leaderId,
    winnerUserId: s.winnerId,
    bidCount: s.bidCount,
    dateCompleted: new Date(s.endsAt).toISOString(),
    initialDateCompleted: new Date(s.initialEndsAt).toISOString(),
    soldQuantity: s.sold,
    remainingQuantity: s.remaining,
  };
}

export type LotStanding = ReturnType<typeof lotStanding>;
