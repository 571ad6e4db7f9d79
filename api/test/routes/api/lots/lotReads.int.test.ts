import { AuctionStatus } from '@auction/contract';
import { describe, expect, it } from 'vitest';
import { callAs, login, registerConfirmed } from '../../../accounts/accountFlows.ts';
import { withGalaStatus } from '../../../fixtures/galaStatus.ts';
import { acceptedBid, openLot } from '../../../fixtures/lots.ts';
import { useTestApp } from '../../../useTestApp.ts';

const test = useTestApp({ caughtUp: true });

describe('lot reads from the read models', () => {
  it('lists the gala’s visible lots in both languages with their state', async () => {
    const en = await test.app.inject({
      method: 'GET',
      url: '/api/auction-lot-items?urlMagicLink=demo-gala&pageSize=25',
      headers: { 'accept-language': 'en' },
    });
    expect(en.statusCode).toBe(200);
    const page = en.json();
    expect(page.count).toBeGreaterThan(3);
    expect(page.items[0]).toMatchObject({
      auctionId: expect.any(Number),
      name: expect.any(String),
      translations: expect.any(Array),
    });
    const cabinEn = page.items.find((l: { lotNumber: number }) => l.lotNumber === 1);
    expect(cabinEn.name).toBe('Weekend in a lakeside cabin');
    const fr = await test.app.inject({
      method: 'GET',
      url: '/api/auction-lot-items?urlMagicLink=demo-gala&pageSize=25',
    });
    const cabinFr = fr.json().items.find((l: { lotNumber: number }) => l.lotNumber === 1);
    expect(cabinFr.name).toBe('Week-end en chalet au bord du lac');
    const small = await test.app.inject({
      method: 'GET',
      url: '/api/auction-lot-items?urlMagicLink=demo-gala&pageSize=2',
    });
    expect(small.json().items).toHaveLength(2);
    expect(small.json().count).toBe(page.count);
  });

  it('shows a bid in the lot, its history and the refresh-bids call once projected', async () => {
    const bidder = await registerConfirmed(test);
    const list = await test.app.inject({
      method: 'GET',
      url: '/api/auction-lot-items?urlMagicLink=demo-gala&pageSize=50',
    });
    const open = list
      .json()
      .items.find((l: { status: number; type: number }) => (l.status === 2 || l.status === 9) && l.type === 1);
    const minimum = open.lastBid ? open.lastBid.value + open.minimumIncrement.value : open.startingBid.value;
    const placed = await callAs(test.app, bidder.token, 'POST', `/api/bids/auctionlotitem/${open.id}/bid`, {
      amount: minimum + 100,
    });
    expect(placed.statusCode).toBe(200);
    await test.projections.caughtUp();
    const detail = await callAs(test.app, bidder.token, 'GET', `/api/auction-lot-items/${open.id}`);
    expect(detail.json()).toMatchObject({
      id: open.id,
      lastBid: { value: minimum + 100 },
      winningUserId: bidder.id,
      isWinning: true,
      allowedBidding: { canBid: true, reason: null },
    });
    expect(detail.json().listBidsHistory[0]).toMatchObject({
      userId: bidder.id,
      bidderDisplayName: bidder.body.nickName,
      amount: { value: minimum + 100, currencyCode: 'CAD' },
      isAutoBid: false,
    });
    const bids = await test.app.inject({ method: 'GET', url: `/api/auction-lot-items/refresh-bids/${open.id}` });
    expect(bids.json()[0].userId).toBe(bidder.id);
    const max = await callAs(test.app, bidder.token, 'GET', `/api/auction-lot-items/${open.id}/max`);
    expect(max.json()).toBeNull();
  });

  it('tells an anonymous visitor to log in, and answers 404 for an unknown lot or auction', async () => {
    const list = await test.app.inject({ method: 'GET', url: '/api/auction-lot-items?urlMagicLink=demo-gala' });
    const id = list.json().items[0].id;
    const anonymous = await test.app.inject({ method: 'GET', url: `/api/auction-lot-items/${id}` });
    expect(anonymous.json().allowedBidding).toMatchObject({ canBid: false, reason: 'user_must_be_logged_in' });
    expect((await test.app.inject({ method: 'GET', url: '/api/auction-lot-items/999999' })).statusCode).toBe(404);
    const unknown = await test.app.inject({ method: 'GET', url: '/api/auction-lot-items?urlMagicLink=nope' });
    expect(unknown.statusCode).toBe(404);
    const bad = await test.app.inject({
      method: 'GET',
      url: '/api/auction-lot-items?urlMagicLink=demo-gala&pageSize=5000',
    });
    expect(bad.statusCode).toBe(400);
    for (const column of ['__proto__', 'constructor']) {
      const inherited = await test.app.inject({
        method: 'GET',
        url: `/api/auction-lot-items?urlMagicLink=demo-gala&sorts[0].column=${column}&sorts[0].asc=true`,
      });
      expect([inherited.statusCode, inherited.json().count], column).toEqual([200, list.json().count]);
    }
  });

  it("answers a hidden lot's bid history and maximum as its page: 404 item_not_found, but to its managers", async () => {
    const lotId = await openLot(test);
    const bidder = await registerConfirmed(test);
    await acceptedBid(test, lotId, bidder, 12, true);
    const manager = (await login(test.app, 'manager@demo.local', 'Demo-Manager-2026!')).body.token as string;
    expect((await callAs(test.app, manager, 'POST', `/api/admin/lots/${lotId}/hide`, {})).statusCode).toBe(200);
    await test.projections.caughtUp();

    for (const url of [
      `/api/auction-lot-items/${lotId}`,
      `/api/auction-lot-items/refresh-bids/${lotId}`,
      `/api/auction-lot-items/${lotId}/max`,
    ]) {
      const anonymous = await test.app.inject({ method: 'GET', url });
      const asBidder = await callAs(test.app, bidder.token, 'GET', url);
      // The maximum is the signed-in user's own: an anonymous call is refused before the lot is looked at.
      if (!url.endsWith('/max'))
        expect([anonymous.statusCode, anonymous.json().message]).toEqual([404, 'item_not_found']);
      expect([asBidder.statusCode, asBidder.json()?.message], url).toEqual([404, 'item_not_found']);
      expect((await callAs(test.app, manager, 'GET', url)).statusCode, url).toBe(200);
    }
  });

  it("keeps a Planning auction's lots from visitors and bidders, not from its organisation's staff; the auction stays readable", async () => {
    const lotId = await openLot(test);
    const bidder = await registerConfirmed(test);
    await acceptedBid(test, lotId, bidder, 15);
    await test.projections.caughtUp();
    const manager = (await login(test.app, 'manager@demo.local', 'Demo-Manager-2026!')).body.token as string;
    const get = (url: string, token: string | null) =>
      token ? callAs(test.app, token, 'GET', url) : test.app.inject({ method: 'GET', url });
    const winners = (token: string | null) =>
      test.app.inject({
        method: 'POST',
        url: '/api/auction-lot-items/refresh-winners',
        payload: [lotId],
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });

    await withGalaStatus(test, AuctionStatus.Planning, async () => {
      for (const url of [
        '/api/auction-lot-items?urlMagicLink=demo-gala',
        `/api/auction-lot-items/${lotId}`,
        `/api/auction-lot-items/refresh-bids/${lotId}`,
        '/api/auctions/leaderboard?urlMagicLink=demo-gala',
        '/api/auctions/refresh-leaderboard?urlMagicLink=demo-gala',
        '/api/auctions/winner-leaderboard?urlMagicLink=demo-gala',
        `/api/auctions/${test.galaId}/projector`,
      ]) {
        for (const token of [null, bidder.token]) {
          const refused = await get(url, token);
          expect([refused.statusCode, refused.json().message], url).toEqual([404, 'auction_not_found']);
        }
        expect((await get(url, manager)).statusCode, url).toBe(200);
      }
      for (const url of [`/api/auction-lot-items/${lotId}/max`, '/api/favorites?urlMagicLink=demo-gala']) {
        expect((await get(url, bidder.token)).statusCode, url).toBe(404);
      }
      expect((await winners(null)).json()).toEqual([]);
      expect((await winners(bidder.token)).json()).toEqual([]);
      expect((await winners(manager)).json()).toMatchObject([{ auctionLotItemId: lotId }]);
      // The planning screen shows the auction's title and countdown.
      const auction = await get('/api/auctions/url-magic-link?urlMagicLink=demo-gala', null);
      expect([auction.statusCode, auction.json().status]).toEqual([200, AuctionStatus.Planning]);
    });
  });
});
