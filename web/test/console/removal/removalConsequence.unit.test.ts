import { type bidRemoval, LotStatus } from '@auction/contract';
import { describe, expect, it } from 'vitest';
import { consequenceOf, notifiesBidders } from '../../../src/console/removal/removalConsequence.ts';

type Standing = bidRemoval.RemovalStanding;
const person = (name: string) => ({ userId: name.toLowerCase(), name, email: null });
const cad = (value: number) => ({ value, currencyCode: 'CAD' });

/** A standing where `first` leads (and wins once closed) at `price`. */
function standing(first: string | null, price: number | null, status: number = LotStatus.InProgress): Standing {
  const who = first === null ? null : person(first);
  return {
    status,
    price: price === null ? null : cad(price),
    leader: who,
    winner: status === LotStatus.ClosedWon ? who : null,
    bidCount: price === null ? 0 : 1,
    dateCompleted: '2026-12-05T02:00:00.000Z',
    maxBids: [],
  };
}

const preview = (before: Standing, after: Standing): bidRemoval.RemovalPreviewAnswer => ({
  auctionLotItemId: 7,
  bidId: 'c#0',
  streamVersion: 5,
  bidder: person('Hugo'),
  before,
  after,
  removedBids: [],
  reDerivedBids: [],
});

describe('what a removal’s confirmation states first', () => {
  it('names who would lead instead, at what price, in cents', () => {
    const open = consequenceOf(preview(standing('Hugo', 16.5), standing('Lea', 15)));
    expect(open).toEqual({
      id: 'console.removal.consequence.other',
      values: { closed: 'no', name: 'Lea', amount: 15_00, previous: 'Hugo', previousAmount: 16_50 },
    });
  });

  it('says "win" once the close is decided, and that both bidders are told when the winner changes', () => {
    const won = LotStatus.ClosedWon;
    const changed = preview(standing('Hugo', 16, won), standing('Lea', 15, won));
    expect(consequenceOf(changed).values.closed).toBe('yes');
    expect(notifiesBidders(changed)).toBe(true);
    const nobody = preview(standing('Hugo', 16, won), standing(null, null, LotStatus.ClosedNoBid));
    expect(consequenceOf(nobody).id).toBe('console.removal.consequence.nobody');
    expect(notifiesBidders(nobody)).toBe(true);
    const same = preview(standing('Hugo', 16, won), standing('Hugo', 12, won));
    expect(consequenceOf(same).id).toBe('console.removal.consequence.same');
    expect(notifiesBidders(same)).toBe(false);
  });

  it('tells nobody for a lot still open, whoever leads after', () => {
    expect(notifiesBidders(preview(standing('Hugo', 16), standing('Lea', 15)))).toBe(false);
  });
});
