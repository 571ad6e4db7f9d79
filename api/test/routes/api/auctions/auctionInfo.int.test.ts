import { describe, expect, it } from 'vitest';
import { bearer, registerConfirmed } from '../../../accounts/accountFlows.ts';
import { useTestApp } from '../../../useTestApp.ts';

const test = useTestApp({ caughtUp: true });

describe('auction-level reads', () => {
  it('answers profit per auction from won lots and purchases, and it grows with a purchase', async () => {
    const stats = await test.app.inject({ method: 'GET', url: '/api/auctions/home-page-auctions-stats' });
    expect(stats.statusCode).toBe(200);
    const autumnId = await test.auctionId('demo-automne');
    const autumnProfit = stats.json().find((s: { auctionId: number }) => s.auctionId === autumnId);
    expect(autumnProfit.profit.value).toBeGreaterThan(0);

    const gala = await test.app.inject({
      method: 'GET',
      url: '/api/auction-lot-items?urlMagicLink=demo-gala&pageSize=50',
    });
    const fixed = gala.json().items.find((l: { type: number; remainingQuantity: number | null }) => l.type === 3);
    const before = stats.json().find((s: { auctionId: number }) => s.auctionId === fixed.auctionId).profit?.value ?? 0;
    const bidder = await registerConfirmed(test);
    const bought = await test.app.inject({
      method: 'POST',
      url: `/api/bids/auctionlotitem/${fixed.id}/buy`,
      headers: bearer(bidder.token),
      payload: { quantity: 1 },
    });
    expect(bought.statusCode).toBe(200);
    await test.projections.caughtUp();
    const after = await test.app.inject({ method: 'GET', url: '/api/auctions/home-page-auctions-stats' });
    const now = after.json().find((s: { auctionId: number }) => s.auctionId === fixed.auctionId).profit.value;
    expect(now).toBeCloseTo(before + fixed.multiSalePrice.value, 2);
  });

  it('answers the end date, the teams, recently closed auctions and exchange rates', async () => {
    const auction = await test.app.inject({
      method: 'GET',
      url: '/api/auctions/url-magic-link?urlMagicLink=demo-gala',
    });
    const id = auction.json().id;
    const date = await test.app.inject({ method: 'GET', url: `/api/auctions/get-date-completed/${id}` });
    expect(date.json()).toMatchObject({ id, dateCompleted: expect.any(String) });
    expect((await test.app.inject({ method: 'GET', url: '/api/auctions/get-date-completed/999999' })).statusCode).toBe(
      404,
    );
    const teams = await test.app.inject({
      method: 'GET',
      url: '/api/auctions/organization-teams/url-magic-link?urlMagicLink=demo-gala',
    });
    expect(teams.json().length).toBeGreaterThan(0);
    expect(teams.json()[0]).toMatchObject({ backgroundColor: expect.any(String), translations: expect.any(Array) });
    const closed = await test.app.inject({ method: 'GET', url: '/api/auctions/recently-closed' });
    expect(closed.json().map((a: { urlMagicLink: string }) => a.urlMagicLink)).toContain('demo-automne');
    const rates = await test.app.inject({ method: 'GET', url: '/api/currency-exchange-rates' });
    expect(rates.json()).toContainEqual(
      expect.objectContaining({ baseCurrency: 'CAD', targetCurrency: 'USD', rate: 0.72 }),
    );
  });
});

describe('the team filter', () => {
  it('lists each team of the organisation once, and every entry filters the lot list to some lots', async () => {
    const teams = await test.app.inject({
      method: 'GET',
      url: '/api/auctions/organization-teams/url-magic-link?urlMagicLink=demo-gala',
      headers: { 'accept-language': 'en' },
    });
    const names = teams.json().map((team: { name: string }) => team.name);
    expect(names.length).toBeGreaterThan(1);
    expect(new Set(names).size).toBe(names.length);
    for (const team of teams.json() as { id: number }[]) {
      const lots = await test.app.inject({
        method: 'GET',
        url: `/api/auction-lot-items?urlMagicLink=demo-gala&pageSize=50&filters[0].fieldName=OrganizationTeamId&filters[0].operator=in&filters[0].fieldValue=${team.id}`,
      });
      expect(lots.statusCode).toBe(200);
      const items = lots.json().items as { organizationTeamId: number }[];
      expect(items.length).toBeGreaterThan(0);
      expect(items.every((lot) => lot.organizationTeamId === team.id)).toBe(true);
    }
  });
});
