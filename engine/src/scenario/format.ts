import { type LotState, standing } from '../lot/index.ts';
import { formatMoney } from '../money.ts';
import type { CommandResult, ScenarioOutcome } from './types.ts';

export function formatOutcome(results: CommandResult[], state: LotState): ScenarioOutcome {
  const final = standing(state);
  // A fixed-price lot takes no bids, so its price stays null: it sells at a unit price to many buyers.
  const price = final.price === null ? null : formatMoney(final.price);
  return {
    results,
    final: {
      lotStatus: final.lotStatus,
      price,
      leader: final.leaderId,
      winner: final.winnerId,
      endsAt: new Date(final.endsAt).toISOString(),
      sold: final.sold,
      bids: final.bids.map((bid) => ({
        bidder: bid.bidderId,
        amount: formatMoney(bid.amount),
        isAutoBid: bid.isAutoBid,
      })),
    },
  };
}
