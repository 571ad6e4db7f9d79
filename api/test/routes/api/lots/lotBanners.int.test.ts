import { describe, expect, it } from 'vitest';
import { bearer, callAs, preferUsd, registerConfirmed } from '../../../accounts/accountFlows.ts';
import { useTestApp } from '../../../useTestApp.ts';

const test = useTestApp({ caughtUp: true });

interface Lot {
  id: number;
  type: number;
  status: number;
  lastBid: { value: number } | null;
  startingBid: { value: number } | null;
  minimumIncrement: { value: number };
  userBanner: { state: string; count: number | null; lostLead: boolean } | null;
}

async function lots(token?: string): Promise<Lot[]> {
  const response = await test.app.inject({
    method: 'GET',
    url: '/api/auction-lot-items?urlMagicLink=demo-gala&pageSize=50',
    headers: token ? bearer(token) : {},
  });
  return response.json().items;
}

const post = (token: string, url: string, payload: Record<string, unknown>) =>
  test.app.inject({ method: 'POST', url, headers: bearer(token), payload });

describe('the per-user banner on the lot list and detail', () => {
  it('follows a bidder from current winner to current loser with a lost lead, and counts items bought', async () => {
    const alice = await registerConfirmed(test);
    const bob = await registerConfirmed(test);
    const open = (await lots()).find((l) => l.type === 1 && l.status === 2 && l.lastBid === null) as Lot;
    const start = open.startingBid?.value ?? 0;
    expect(
      (await post(alice.token, `/api/bids/auctionlotitem/${open.id}/bid`, { amount: start + 5, isMax: true }))
        .statusCode,
    ).toBe(200);
    await test.projections.caughtUp();
    const mine = (await lots(alice.token)).find((l) => l.id === open.id);
    expect(mine?.userBanner).toEqual({ state: 'currentWinner', count: null, lostLead: false });
    expect((await lots()).find((l) => l.id === open.id)?.userBanner).toBeNull();

    expect((await post(bob.token, `/api/bids/auctionlotitem/${open.id}/bid`, { amount: start + 20 })).statusCode).toBe(
      200,
    );
    await test.projections.caughtUp();
    const outbid = (await lots(alice.token)).find((l) => l.id === open.id);
    expect(outbid?.userBanner).toEqual({ state: 'currentLoser', count: null, lostLead: true });
    const detail = await callAs(test.app, bob.token, 'GET', `/api/auction-lot-items/${open.id}`);
    expect(detail.json().userBanner).toEqual({ state: 'currentWinner', count: null, lostLead: false });

    const fixed = (await lots()).find((l) => l.type === 3) as Lot;
    expect((await post(alice.token, `/api/bids/auctionlotitem/${fixed.id}/buy`, { quantity: 1 })).statusCode).toBe(200);
    await test.projections.caughtUp();
    expect((await lots(alice.token)).find((l) => l.id === fixed.id)?.userBanner).toMatchObject({ count: 1 });
  });

  it('converts the money fields of lots and bids for a bidder who prefers USD', async () => {
    const bidder = await registerConfirmed(test);
    await preferUsd(test, bidder);
    const bid = (await lots()).find((l) => l.type === 1 && l.lastBid !== null) as Lot;
    const seen = (await lots(bidder.token)).find((l) => l.id === bid.id);
    expect(seen?.lastBid).toMatchObject({ currencyCode: 'CAD', convertedCurrencyCode: 'USD' });
    expect(seen?.minimumIncrement).toMatchObject({ convertedValue: Math.round(bid.minimumIncrement.value * 72) / 100 });
    const history = await callAs(test.app, bidder.token, 'GET', `/api/auction-lot-items/refresh-bids/${bid.id}`);
    expect(history.json()[0].amount).toMatchObject({ convertedCurrencyCode: 'USD' });
    const anonymous = await test.app.inject({ method: 'GET', url: `/api/auction-lot-items/refresh-bids/${bid.id}` });
    expect(anonymous.json()[0].amount.convertedValue).toBeUndefined();
  });
});
