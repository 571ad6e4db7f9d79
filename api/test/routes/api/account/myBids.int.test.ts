import { describe, expect, it } from 'vitest';
import { callAs, registerConfirmed } from '../../../accounts/accountFlows.ts';
import { openLot } from '../../../fixtures/lots.ts';
import { useTestApp } from '../../../useTestApp.ts';

const test = useTestApp();

const openGalaLot = () => openLot(test, { type: 1, starting_bid: 1000 });
const bid = (token: string, lotId: number, amount: number) =>
  callAs(test.app, token, 'POST', `/api/bids/auctionlotitem/${lotId}/bid`, { auctionLotItem_Id: lotId, amount });
const myBids = (token: string, link = 'demo-gala') =>
  callAs(test.app, token, 'GET', `/api/account/bids?urlMagicLink=${link}`);

type Row = { lot: { id: number }; myAmount: { value: number }; standing: string };
/** The rows of these lots, in the order of `ids` (the answer is by lot number, which the fixture draws at random). */
const byLot = (rows: Row[], ids: number[]) =>
  rows
    .filter((row) => ids.includes(row.lot.id))
    .sort((a, b) => ids.indexOf(a.lot.id) - ids.indexOf(b.lot.id))
    .map((row) => [row.lot.id, row.myAmount.value, row.standing]);

describe('my bids', () => {
  it("lists the signed-in user's own bids of an auction: each lot once, their highest bid, leading or outbid", async () => {
    const [first, second] = [await openGalaLot(), await openGalaLot()];
    const alice = await registerConfirmed(test);
    const bob = await registerConfirmed(test);
    for (const [token, lot, amount] of [
      [alice.token, first, 10],
      [alice.token, first, 15],
      [alice.token, second, 10],
      [bob.token, second, 20],
    ] as const)
      expect((await bid(token, lot, amount)).statusCode).toBe(200);
    await test.projections.caughtUp();

    const hers = await myBids(alice.token);
    expect(hers.statusCode).toBe(200);
    expect(byLot(hers.json(), [first, second])).toEqual([
      [first, 15, 'leading'],
      [second, 10, 'outbid'],
    ]);
    // Bob sees his own bid only, never Alice's lot he did not bid on.
    expect(byLot((await myBids(bob.token)).json(), [first, second])).toEqual([[second, 20, 'leading']]);
    const newcomer = await registerConfirmed(test);
    expect((await myBids(newcomer.token)).json()).toEqual([]);
  });

  it('refuses an anonymous caller and answers an unknown auction with its key', async () => {
    const anonymous = await test.app.inject({ method: 'GET', url: '/api/account/bids?urlMagicLink=demo-gala' });
    expect(anonymous.statusCode).toBe(401);
    const user = await registerConfirmed(test);
    const unknown = await myBids(user.token, 'no-such-auction');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('auction_not_found');
    expect((await myBids(user.token, '')).statusCode).toBe(400);
  });
});
