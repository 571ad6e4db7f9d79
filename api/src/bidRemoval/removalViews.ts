import type { bidRemoval, Money } from '@auction/contract';
import type { Standing, StandingBid } from '@auction/engine';
import { toMoney } from '../money.ts';

type NameOf = (id: string) => bidRemoval.RemovalBidder;

/** A bid's or a max's amount, never null. */
const amountOf = (cents: number) => toMoney(cents) as Money;

/** The engine's standing as the removal screens show it: bidders named, money as the operator API answers it. */
export function standingView(s: Standing, nameOf: NameOf): bidRemoval.RemovalStanding {
  return {
    status: s.lotStatus,
    price: toMoney(s.price),
    leader: s.leaderId === null ? null : nameOf(s.leaderId),
    winner: s.winnerId === null ? null : nameOf(s.winnerId),
    bidCount: s.bidCount,
    dateCompleted: new Date(s.endsAt).toISOString(),
    maxBids: Object.entries(s.maxBids).map(([bidderId, amount]) => ({
      bidder: nameOf(bidderId),
      amount: amountOf(amount),
    })),
  };
}

/** Newest first, as an operator looks for the bid that just came in. */
export function bidViews(bids: readonly StandingBid[], nameOf: NameOf): bidRemoval.RemovalBid[] {
  return [...bids].reverse().map((bid) => ({
    bidId: bid.bidId,
    bidder: nameOf(bid.bidderId),
    amount: amountOf(bid.amount),
    isAutoBid: bid.isAutoBid,
    isMaxBid: bid.isMaxBid,
    placedAt: new Date(bid.at).toISOString(),
  }));
}

/** Every bidder a standing names, for one lookup of their names. */
export function biddersOf(...standings: Standing[]): string[] {
  return standings.flatMap((s) => [
    ...s.bids.map((bid) => bid.bidderId),
    ...Object.keys(s.maxBids),
    ...(s.leaderId === null ? [] : [s.leaderId]),
    ...(s.winnerId === null ? [] : [s.winnerId]),
  ]);
}
