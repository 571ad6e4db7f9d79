import { describe, expect, it } from 'vitest';
import { callAs, registerConfirmed } from '../../../accounts/accountFlows.ts';
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
  });
});
