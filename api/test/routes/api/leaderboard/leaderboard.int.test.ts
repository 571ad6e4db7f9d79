import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, preferUsd, registerConfirmed } from '../../../accounts/accountFlows.ts';
import { useTestApp } from '../../../useTestApp.ts';

const test = useTestApp({ caughtUp: true });
let autumnId: number;
beforeAll(async () => {
  autumnId = await test.auctionId('demo-automne');
});

const get = (url: string, headers: Record<string, string> = {}) => test.app.inject({ method: 'GET', url, headers });

interface Card {
  auctionLotItemId: number;
  lotNumber: number;
  name: string;
  isWinner: boolean;
  winnerUserId: string;
  winnerName: string;
  amount: { value: number; currencyCode: string; convertedValue?: number };
  time: string;
  team: { id: number; name: string; backgroundColor: string; textColor: string } | null;
}

describe('leaderboard and winners', () => {
  it('lists the leaders of an active auction, in the request language, with teams', async () => {
    const response = await get('/api/auctions/leaderboard?urlMagicLink=DEMO-GALA', { 'accept-language': 'en' });
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ auctionId: test.galaId, mode: 'leaders', heading: 'leaders_list', banners: [] });
    expect(page.items.length).toBe(3);
    const cards = page.items as Card[];
    expect(cards.map((c) => c.lotNumber)).toEqual([...cards.map((c) => c.lotNumber)].sort((a, b) => a - b));
    for (const card of cards) {
      expect(card).toMatchObject({ isWinner: false, winnerName: expect.any(String), time: expect.any(String) });
      expect(card.team).toMatchObject({ name: expect.stringMatching(/team$/), backgroundColor: expect.any(String) });
    }
    expect(cards[0]?.name).toBe('Weekend in a lakeside cabin');
    const total = cards.reduce((sum, c) => sum + Math.round(c.amount.value * 100), 0);
    expect(Math.round(page.lotsTotal.value * 100)).toBe(total);
    const fr = await get('/api/auctions/leaderboard?urlMagicLink=demo-gala');
    expect(fr.json().items[0].name).toBe('Week-end en chalet au bord du lac');
    expect(fr.json().items[0].team.name).toMatch(/^Équipe/);
  });

  it('shows a new leader and the donations on refresh, without banners', async () => {
    const bidder = await registerConfirmed(test);
    const lots = (await get('/api/auction-lot-items?urlMagicLink=demo-gala&pageSize=50')).json().items;
    const open = lots.find(
      (l: { status: number; type: number; lastBid: unknown }) => l.type === 1 && l.lastBid === null && l.status === 2,
    );
    const placed = await test.app.inject({
      method: 'POST',
      url: `/api/bids/auctionlotitem/${open.id}/bid`,
      headers: bearer(bidder.token),
      payload: { amount: open.startingBid.value },
    });
    expect(placed.statusCode).toBe(200);
    const donated = await test.app.inject({
      method: 'POST',
      url: '/api/auctions/donations',
      headers: bearer(bidder.token),
      payload: { id: `lb-${Date.now()}-donation`, auctionId: test.galaId, amount: 30 },
    });
    expect(donated.statusCode).toBe(200);
    await test.projections.caughtUp();
    const refreshed = (await get('/api/auctions/refresh-leaderboard?urlMagicLink=demo-gala')).json();
    expect(refreshed.banners).toBeUndefined();
    expect(refreshed.donations).toEqual({ count: 1, total: { value: 30, currencyCode: 'CAD' } });
    expect(refreshed.items).toContainEqual(
      expect.objectContaining({
        auctionLotItemId: open.id,
        winnerUserId: bidder.id,
        winnerName: bidder.body.nickName,
        amount: { value: open.startingBid.value, currencyCode: 'CAD' },
      }),
    );
    // A reader who prefers USD sees the conversion beside each amount.
    await preferUsd(test, bidder);
    const inUsd = (await get('/api/auctions/refresh-leaderboard?urlMagicLink=demo-gala', bearer(bidder.token))).json();
    expect(inUsd.items[0].amount).toMatchObject({ convertedCurrencyCode: 'USD', convertedValue: expect.any(Number) });
    expect(inUsd.donations.total).toEqual({
      value: 30,
      currencyCode: 'CAD',
      convertedValue: 21.6,
      convertedCurrencyCode: 'USD',
    });
  });

  it('lists winners once the auction is over, and on the winners page whatever the status', async () => {
    const autumn = (await get('/api/auctions/leaderboard?urlMagicLink=demo-automne')).json();
    expect(autumn).toMatchObject({ auctionId: autumnId, mode: 'winners', heading: 'winners_list' });
    expect(autumn.items.length).toBe(2);
    for (const card of autumn.items as Card[]) expect(card).toMatchObject({ isWinner: true, time: expect.any(String) });
    const winners = (await get('/api/auctions/winner-leaderboard?urlMagicLink=demo-automne')).json();
    expect(winners.items).toEqual(autumn.items);
    expect((await get('/api/auctions/winner-leaderboard?urlMagicLink=demo-gala')).json().items).toEqual([]);
    // Teams show only when team management is on.
    await test.database.db
      .updateTable('auctions')
      .set({ allow_items_management_by_team: false })
      .where('id', '=', autumnId)
      .execute();
    const noTeams = (await get('/api/auctions/winner-leaderboard?urlMagicLink=demo-automne')).json();
    expect(noTeams.items.every((c: Card) => c.team === null)).toBe(true);
  });

  it('answers 404 for an unknown or archived auction and 400 without a link', async () => {
    for (const path of ['leaderboard', 'refresh-leaderboard', 'winner-leaderboard']) {
      expect((await get(`/api/auctions/${path}?urlMagicLink=nope`)).statusCode).toBe(404);
      expect((await get(`/api/auctions/${path}`)).statusCode).toBe(400);
    }
  });

  it('answers the winner results of the lots asked for', async () => {
    const autumnLots = await test.database.db
      .selectFrom('lot_views')
      .select(['lot_id', 'winner_id', 'price', 'status'])
      .where('auction_id', '=', autumnId)
      .orderBy('lot_id')
      .execute();
    const ids = autumnLots.map((l) => l.lot_id);
    const asList = await test.app.inject({
      method: 'POST',
      url: '/api/auction-lot-items/refresh-winners',
      payload: ids,
    });
    expect(asList.statusCode).toBe(200);
    const won = autumnLots.find((l) => l.winner_id !== null);
    expect(asList.json()).toContainEqual({
      auctionLotItemId: won?.lot_id,
      winnerUserId: won?.winner_id,
      auctionLotItemStatus: 5,
      winnerBid: { value: (won?.price ?? 0) / 100, currencyCode: 'CAD' },
    });
    const unsold = autumnLots.find((l) => l.winner_id === null);
    expect(asList.json()).toContainEqual({
      auctionLotItemId: unsold?.lot_id,
      winnerUserId: null,
      auctionLotItemStatus: 4,
      winnerBid: null,
    });
    const asObject = await test.app.inject({
      method: 'POST',
      url: '/api/auction-lot-items/refresh-winners',
      payload: { auctionLotItemIds: [...ids, 999_999] },
    });
    expect(asObject.json()).toEqual(asList.json());
    for (const payload of [[], ['x'], { ids }, [-1]]) {
      const bad = await test.app.inject({ method: 'POST', url: '/api/auction-lot-items/refresh-winners', payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('the auctions carousel', () => {
  it('lists the other current auctions of the brand, in the request language', async () => {
    const response = await get(`/api/auctions/carousel/${test.galaId}`, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(200);
    const cards = response.json();
    expect(cards.map((c: { urlMagicLink: string }) => c.urlMagicLink)).toEqual(['demo-printemps']);
    expect(cards[0]).toMatchObject({ titleShort: 'Spring Auction', status: 2, organizationName: expect.any(String) });
    const fr = (await get(`/api/auctions/carousel/${test.galaId}`)).json();
    expect(fr[0].titleShort).toBe('Encan du printemps');
    const spring = (await get(`/api/auctions/carousel/${await test.auctionId('demo-printemps')}`)).json();
    expect(spring.map((c: { id: number }) => c.id)).toEqual([test.galaId]);
  });

  it('is empty when the auction’s carousel is off, 404 for an unknown auction, 400 for a bad id', async () => {
    await test.database.db
      .updateTable('auctions')
      .set({ show_auction_carousel: false })
      .where('id', '=', test.galaId)
      .execute();
    expect((await get(`/api/auctions/carousel/${test.galaId}`)).json()).toEqual([]);
    await test.database.db
      .updateTable('auctions')
      .set({ show_auction_carousel: true })
      .where('id', '=', test.galaId)
      .execute();
    expect((await get('/api/auctions/carousel/999999')).statusCode).toBe(404);
    expect((await get('/api/auctions/carousel/abc')).statusCode).toBe(400);
  });
});
