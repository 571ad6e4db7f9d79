import { describe, expect, it } from 'vitest';
import { bearer, callAs, login, registerConfirmed } from '../../../accounts/accountFlows.ts';
import { openLot } from '../../../fixtures/lots.ts';
import { useTestApp } from '../../../useTestApp.ts';

const test = useTestApp({ caughtUp: true });

describe('favourites', () => {
  it('adds, lists, marks and removes favourites for the signed-in user only', async () => {
    const bidder = await registerConfirmed(test);
    const other = await registerConfirmed(test);
    const list = await test.app.inject({
      method: 'GET',
      url: '/api/auction-lot-items?urlMagicLink=demo-gala&pageSize=25',
    });
    const [first, second] = list.json().items as Array<{ id: number; lotNumber: number }>;
    if (!first || !second) throw new Error('the demo gala has lots');
    for (const lot of [second, first, first]) {
      const added = await callAs(test.app, bidder.token, 'POST', `/api/favorites/${lot.id}/demo-gala`);
      expect(added.json()).toMatchObject({ auctionLotItemId: lot.id, isFavorite: true });
    }
    const current = await callAs(
      test.app,
      bidder.token,
      'GET',
      '/api/favorites/get-current-favorites?urlMagicLink=demo-gala',
    );
    expect(
      current
        .json()
        .map((f: { id: number }) => f.id)
        .sort(),
    ).toEqual([first.id, second.id].sort());
    const page = await callAs(test.app, bidder.token, 'GET', '/api/favorites?urlMagicLink=demo-gala&pageSize=25');
    expect(page.json().count).toBe(2);
    expect(page.json().items.every((l: { isFavorite: boolean }) => l.isFavorite)).toBe(true);
    const theirs = await callAs(
      test.app,
      other.token,
      'GET',
      '/api/favorites/get-current-favorites?urlMagicLink=demo-gala',
    );
    expect(theirs.json()).toEqual([]);
    const listed = await callAs(
      test.app,
      bidder.token,
      'GET',
      '/api/auction-lot-items?urlMagicLink=demo-gala&pageSize=25&quickFilters=favorites',
    );
    expect(listed.json().count).toBe(2);

    await test.app.inject({ method: 'DELETE', url: `/api/favorites/${first.id}`, headers: bearer(bidder.token) });
    const after = await callAs(
      test.app,
      bidder.token,
      'GET',
      '/api/favorites/get-current-favorites?urlMagicLink=demo-gala',
    );
    expect(after.json().map((f: { id: number }) => f.id)).toEqual([second.id]);
  });

  it('tells a hidden lot from a missing one nowhere: not found to add, not named among the favourites', async () => {
    const [kept, hidden] = [await openLot(test), await openLot(test)];
    const bidder = await registerConfirmed(test);
    for (const lotId of [kept, hidden]) {
      expect((await callAs(test.app, bidder.token, 'POST', `/api/favorites/${lotId}/demo-gala`)).statusCode).toBe(200);
    }
    const manager = (await login(test.app, 'manager@demo.local', 'Demo-Manager-2026!')).body.token as string;
    expect((await callAs(test.app, manager, 'POST', `/api/admin/lots/${hidden}/hide`, {})).statusCode).toBe(200);
    await test.projections.caughtUp();

    const again = await callAs(test.app, bidder.token, 'POST', `/api/favorites/${hidden}/demo-gala`);
    expect([again.statusCode, again.json().message]).toEqual([404, 'item_not_found']);
    const current = await callAs(
      test.app,
      bidder.token,
      'GET',
      '/api/favorites/get-current-favorites?urlMagicLink=demo-gala',
    );
    const ids = current.json().map((f: { id: number }) => f.id);
    expect(ids).toContain(kept);
    expect(ids).not.toContain(hidden);
    // Its managers still see it, and may mark it.
    expect((await callAs(test.app, manager, 'POST', `/api/favorites/${hidden}/demo-gala`)).statusCode).toBe(200);
  });

  it('refuses anonymous users, unknown lots, a lot of another auction and bad page sizes', async () => {
    const bidder = await registerConfirmed(test);
    const list = await test.app.inject({ method: 'GET', url: '/api/auction-lot-items?urlMagicLink=demo-gala' });
    const lotId = list.json().items[0].id;
    expect((await test.app.inject({ method: 'POST', url: `/api/favorites/${lotId}/demo-gala` })).statusCode).toBe(401);
    const unknown = await callAs(test.app, bidder.token, 'POST', '/api/favorites/999999/demo-gala');
    expect(unknown.statusCode).toBe(404);
    const elsewhere = await callAs(test.app, bidder.token, 'POST', `/api/favorites/${lotId}/demo-printemps`);
    expect(elsewhere.statusCode).toBe(404);
    const badSize = await callAs(test.app, bidder.token, 'GET', '/api/favorites?urlMagicLink=demo-gala&pageSize=7');
    expect(badSize.statusCode).toBe(400);
  });
});
