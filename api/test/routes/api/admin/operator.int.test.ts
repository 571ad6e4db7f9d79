import { randomUUID } from 'node:crypto';
import { hubEventsSince } from '@auction/platform';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, type ConfirmedAccount, login, registerConfirmed } from '../../../accounts/accountFlows.ts';
import { useTestApp } from '../../../useTestApp.ts';

const test = useTestApp();
let admin: Record<string, string>;
let manager: Record<string, string>;
let bidder: ConfirmedAccount;
let secondBidder: ConfirmedAccount;
beforeAll(async () => {
  admin = bearer((await login(test.app, 'admin@demo.local', 'Demo-Admin-2026!')).body.token);
  manager = bearer((await login(test.app, 'manager@demo.local', 'Demo-Manager-2026!')).body.token);
  bidder = await registerConfirmed(test);
  secondBidder = await registerConfirmed(test);
});

const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

async function call(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) {
  return test.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** A new organisation (by the administrator) with an active auction of its own. */
async function newAuction(fields: Record<string, unknown> = {}) {
  const organization = await call('POST', '/api/admin/organizations', admin, { name: `Fondation ${randomUUID()}` });
  expect(organization.statusCode).toBe(201);
  const urlMagicLink = `gala-${randomUUID().slice(0, 8)}`;
  const auction = await call('POST', '/api/admin/auctions', admin, {
    organizationId: organization.json().id,
    urlMagicLink,
    status: 3,
    translations: { en: { titleShort: 'Spring gala' }, fr: { titleShort: 'Gala du printemps' } },
    dateOpen: inHours(-1),
    dateCompleted: inHours(4),
    ...fields,
  });
  expect(auction.statusCode, auction.body).toBe(201);
  return { organizationId: organization.json().id as number, auction: auction.json(), urlMagicLink };
}

async function newLot(auctionId: number, fields: Record<string, unknown> = {}) {
  const response = await call('POST', `/api/admin/auctions/${auctionId}/lots`, admin, {
    lotNumber: 7,
    translations: { en: { name: 'Weekend in Charlevoix' }, fr: { name: 'Fin de semaine dans Charlevoix' } },
    startingBid: 100,
    minimumIncrement: 10,
    dateCompleted: inHours(2),
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function bid(lotId: number, who: { token: string }, amount: number, isMax = false) {
  return call('POST', `/api/bids/auctionlotitem/${lotId}/bid`, bearer(who.token), {
    amount,
    isMax,
    auctionLotItem_Id: lotId,
  });
}

/** The types of a lot's events, in stream order. */
async function eventTypesOf(lotId: number): Promise<string[]> {
  const events = await test.database.db
    .selectFrom('events')
    .select('type')
    .where('stream_id', '=', `lot-${lotId}`)
    .orderBy('stream_version')
    .execute();
  return events.map((event) => event.type);
}

describe('who may use the operator API', () => {
  it('refuses anonymous callers and bidders', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/api/admin/auctions' })).statusCode).toBe(401);
    const asBidder = await call('GET', '/api/admin/auctions', bearer(bidder.token));
    expect(asBidder.statusCode).toBe(403);
    expect(asBidder.json().message).toBe('forbidden');
  });

  it("lets an auction manager see only their organisation's auctions, and not create organisations", async () => {
    const { auction } = await newAuction();
    const mine = await call('GET', '/api/admin/auctions', manager);
    expect(mine.statusCode).toBe(200);
    const links = mine.json().map((a: { urlMagicLink: string }) => a.urlMagicLink);
    expect(links).toContain('demo-gala');
    expect(links).not.toContain(auction.urlMagicLink);
    const other = await call('PATCH', `/api/admin/auctions/${auction.id}`, manager, { hideCountdown: true });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('auction_not_found');
    const created = await call('POST', '/api/admin/organizations', manager, { name: 'Not mine' });
    expect(created.statusCode).toBe(403);
  });

  it('lets an auction manager edit an auction of their organisation', async () => {
    const galaId = await test.auctionId('demo-gala');
    const response = await call('PATCH', `/api/admin/auctions/${galaId}`, manager, {
      footer: { footerEmail: 'gala@example.org' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().footerEmail).toBe('gala@example.org');
  });
});

describe('auctions', () => {
  it('creates an auction with every field and shows it by its link (a private one to its staff only)', async () => {
    // The settings the auction is created with and then shown with, as they were given.
    const settings = {
      type: 2,
      allowAnonymousBidding: true,
      requireAddressToBid: true,
      allowItemsManagementByTeam: true,
      paymentType: 2,
      allowProxyBidding: false,
    };
    const { auction, urlMagicLink } = await newAuction({
      ...settings,
      billCreditCardFeesToClient: true,
      billCreditCardFeesMinimumAmount: 25.5,
      donationType: 1,
      donationAllowOtherAmount: true,
      donations: [{ amount: 20 }, { amount: 50 }, { isOtherAmount: true }],
      colors: { primaryColor: '#123456', menuTextColor: '#fff' },
      footer: { footerPhoneNumber: '514 555-0199', footerUrl: 'example.org' },
      integrations: { googleAnalyticsId: 'G-123', usesFacebookPixel: true },
      linkEnglish: 'https://example.org/en',
      bannerFrench: 'https://cdn.example.org/banniere.jpg',
    });
    expect(auction.status).toBe(3);
    expect(auction.accessCode).toMatch(/^[0-9a-f]{32}$/);
    const url = `/api/auctions/url-magic-link?urlMagicLink=${urlMagicLink}`;
    const anonymous = await test.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().message).toBe('private_auction');
    const shown = (await test.app.inject({ method: 'GET', url, headers: admin })).json();
    expect(shown.accessCode).toBeUndefined();
    expect(shown).toMatchObject({
      ...settings,
      billCreditCardFeesMinimumAmount: { value: 25.5, currencyCode: 'CAD' },
      donationType: 1,
      donationAllowOtherAmount: true,
      primaryColor: '#123456',
      footerPhoneNumber: '514 555-0199',
      googleAnalyticsId: 'G-123',
      usesFacebookPixel: true,
      bannerFrench: { fullPath: 'https://cdn.example.org/banniere.jpg' },
      clientTimeSynchronization: true,
    });
    expect(
      shown.donations.map((d: { amount: unknown; isOtherAmount: boolean }) => [d.amount, d.isOtherAmount]),
    ).toEqual([
      [{ value: 20, currencyCode: 'CAD' }, false],
      [{ value: 50, currencyCode: 'CAD' }, false],
      [null, true],
    ]);
    expect(shown.translations).toEqual([
      { languageCode: 'en', titleShort: 'Spring gala', description: '', teamAppellation: null },
      { languageCode: 'fr', titleShort: 'Gala du printemps', description: '', teamAppellation: null },
    ]);
  });

  it('refuses a link already taken, dates out of order and bad values, changing nothing', async () => {
    const { organizationId, urlMagicLink, auction } = await newAuction();
    const taken = await call('POST', '/api/admin/auctions', admin, {
      organizationId,
      urlMagicLink: urlMagicLink.toUpperCase(),
      translations: { fr: { titleShort: 'Doublon' } },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('url_magic_link_taken');
    const outOfOrder = await call('PATCH', `/api/admin/auctions/${auction.id}`, admin, { dateOpen: inHours(10) });
    expect(outOfOrder.statusCode).toBe(400);
    expect(outOfOrder.json().message).toBe('dates_out_of_order');
    const badColor = await call('PATCH', `/api/admin/auctions/${auction.id}`, admin, {
      colors: { primaryColor: 'red' },
      hideCountdown: true,
    });
    expect(badColor.statusCode).toBe(400);
    expect(badColor.json().messages).toContain('invalid_color');
    const unknown = await call('PATCH', `/api/admin/auctions/${auction.id}`, admin, { notAField: 1 });
    expect(unknown.statusCode).toBe(400);
    const after = (await call('GET', `/api/admin/auctions/${auction.id}`, admin)).json();
    expect(after.hideCountdown).toBe(false);
    expect(after.dateOpen).toBe(auction.dateOpen);
  });

  it('changes the status along the lifecycle only, and tells watchers when a card becomes required', async () => {
    const { auction } = await newAuction();
    const completed = await call('POST', `/api/admin/auctions/${auction.id}/status`, admin, { status: 4 });
    expect(completed.statusCode).toBe(200);
    expect(completed.json()).toMatchObject({ status: 4, isAvailable: false });
    expect(completed.json().completedDate).not.toBeNull();
    expect((await call('POST', `/api/admin/auctions/${auction.id}/status`, admin, { status: 9 })).statusCode).toBe(400);
    // Asked again, as a retried request: the same answer, and the completion (which starts the
    // invoices' delay) keeps its time.
    const again = await call('POST', `/api/admin/auctions/${auction.id}/status`, admin, { status: 4 });
    expect([again.statusCode, again.json().completedDate]).toEqual([200, completed.json().completedDate]);
    // Invoiced is the workers' (it comes with the invoices), and bidding does not reopen once it ended.
    for (const status of [5, 3, 2, 1, 6]) {
      const refused = await call('POST', `/api/admin/auctions/${auction.id}/status`, admin, { status });
      expect([status, refused.statusCode, refused.json().message]).toEqual([
        status,
        409,
        'auction_status_move_not_allowed',
      ]);
    }
    const after = (await call('GET', `/api/admin/auctions/${auction.id}`, admin)).json();
    expect([after.status, after.completedDate]).toEqual([4, completed.json().completedDate]);

    await call('PATCH', `/api/admin/auctions/${auction.id}`, admin, { requireCCToBid: true });
    const events = await hubEventsSince(test.redis, auction.id, '0-0', test.prefix);
    expect(events?.find((e) => e.event === 'AuctionRequireCCToBidChanged')?.data).toEqual({
      auctionId: auction.id,
      auctionRequireCCToBid: true,
    });
  });

  it('keeps a change of dates, status or a closing group when the workers cannot be told at once', async () => {
    const { auction } = await newAuction({ status: 1 });
    const group = await call('POST', `/api/admin/auctions/${auction.id}/closing-groups`, admin, {
      translations: { en: 'First wave', fr: 'Première vague' },
      dateCompleted: inHours(2),
    });
    expect(group.statusCode, group.body).toBe(201);
    // The lifecycle queue refusing, as when Redis is unreachable: the one failure injected here.
    // The change is recorded by then; the workers' sweep reads it within minutes.
    const refusal = vi
      .spyOn(test.app.auctionScheduler, 'auctionChanged')
      .mockRejectedValue(new Error('Connection is closed.'));
    try {
      const end = inHours(6);
      const moved = await call('PATCH', `/api/admin/auctions/${auction.id}`, admin, { dateCompleted: end });
      expect(moved.statusCode, moved.body).toBe(200);
      const groupMoved = await call('PATCH', `/api/admin/closing-groups/${group.json().id}`, admin, {
        dateCompleted: inHours(3),
      });
      expect(groupMoved.statusCode, groupMoved.body).toBe(200);
      const status = await call('POST', `/api/admin/auctions/${auction.id}/status`, admin, { status: 2 });
      expect(status.statusCode, status.body).toBe(200);
      expect(refusal).toHaveBeenCalledTimes(3);
      const row = await test.database.db
        .selectFrom('auctions')
        .select(['status', 'date_completed'])
        .where('id', '=', auction.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 2, date_completed: new Date(end) });
    } finally {
      refusal.mockRestore();
    }
  });

  it('arranges categories, closing groups, tabs, photos and teams', async () => {
    const { auction, organizationId, urlMagicLink } = await newAuction();
    const base = `/api/admin/auctions/${auction.id}`;
    const category = await call('POST', `${base}/categories`, admin, { translations: { en: 'Travel', fr: 'Voyages' } });
    expect(category.statusCode).toBe(201);
    const group = await call('POST', `${base}/closing-groups`, admin, {
      translations: { en: 'First wave', fr: 'Première vague' },
      dateCompleted: inHours(3),
    });
    expect(group.statusCode).toBe(201);
    const tab = await call('POST', `${base}/tabs`, admin, {
      order: 1,
      translations: {
        en: { name: 'Rules', url: 'rules', title: 'Auction rules', content: '<p>Be kind</p>' },
        fr: { name: 'Règlements', url: 'reglements', title: 'Règlements', content: '<p>Soyez gentils</p>' },
      },
    });
    expect(tab.statusCode).toBe(201);
    const photo = await call('POST', `${base}/photos`, admin, {
      fullPath: 'https://cdn.example.org/banner.jpg',
      additionalLinkUrl: 'example.org/sponsor',
      isUsedAsBannerInLeaderboard: true,
    });
    expect(photo.statusCode).toBe(201);
    const team = await call('POST', `/api/admin/organizations/${organizationId}/teams`, admin, {
      translations: { en: 'Blue team', fr: 'Équipe bleue' },
      backgroundColor: '#0000ff',
    });
    expect(team.statusCode).toBe(201);

    const shown = (
      await test.app.inject({ method: 'GET', url: `/api/auctions/url-magic-link?urlMagicLink=${urlMagicLink}` })
    ).json();
    expect(shown.itemCategories).toEqual([
      {
        id: category.json().id,
        order: 0,
        // Without Accept-Language the answer speaks French, the product's first language.
        name: 'Voyages',
        translations: [
          { languageCode: 'en', name: 'Travel' },
          { languageCode: 'fr', name: 'Voyages' },
        ],
      },
    ]);
    expect(shown.closingGroups[0]).toMatchObject({ id: group.json().id, isHiddenInMenu: false });
    expect(shown.tabs[0].translations[1]).toEqual({
      languageCode: 'fr',
      name: 'Règlements',
      url: 'reglements',
      title: 'Règlements',
      content: '<p>Soyez gentils</p>',
    });
    expect(shown.photos[0]).toMatchObject({
      fullPath: 'https://cdn.example.org/banner.jpg',
      additionalLinkUrl: 'http://example.org/sponsor',
      isUsedAsBannerInLeaderboard: true,
    });

    const badTab = await call('POST', `${base}/tabs`, admin, { translations: { en: { name: 'X', url: 'has space' } } });
    expect(badTab.statusCode).toBe(400);
    expect(badTab.json().messages).toContain('invalid_tab_url');
    expect((await call('PATCH', `/api/admin/tabs/${tab.json().id}`, admin, { order: 3 })).json().order).toBe(3);
    expect((await call('DELETE', `/api/admin/auction-photos/${photo.json().id}`, admin)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/admin/categories/${category.json().id}`, admin)).statusCode).toBe(204);
    expect((await call('PATCH', `/api/admin/teams/${team.json().id}`, manager, { textColor: '#000' })).statusCode).toBe(
      404,
    );
    const after = (await call('GET', `/api/admin/auctions/${auction.id}`, admin)).json();
    expect(after.photos).toEqual([]);
    expect(after.itemCategories).toEqual([]);
  });

  it('puts categories, tabs and banner photos in a new order in one call, each whole or not at all', async () => {
    const { auction, urlMagicLink } = await newAuction();
    const base = `/api/admin/auctions/${auction.id}`;
    const add = async (path: string, body: object) => {
      const response = await call('POST', `${base}/${path}`, admin, body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as number;
    };
    const categories: number[] = [];
    for (const name of ['Voyages', 'Sports', 'Art'])
      categories.push(await add('categories', { translations: { fr: name } }));
    const tabs: number[] = [];
    for (const url of ['regles', 'livraison']) {
      tabs.push(await add('tabs', { translations: { fr: { name: url, url } } }));
    }
    const photos: number[] = [];
    for (const n of [1, 2, 3]) photos.push(await add('photos', { fullPath: `https://cdn.example.org/${n}.jpg` }));
    const shown = async () =>
      (
        await test.app.inject({ method: 'GET', url: `/api/auctions/url-magic-link?urlMagicLink=${urlMagicLink}` })
      ).json();

    const [voyages, sports, art] = categories as [number, number, number];
    const reordered = await call('PUT', `${base}/categories/order`, admin, { ids: [art, voyages, sports] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json()).toEqual([
      { id: art, order: 0 },
      { id: voyages, order: 1 },
      { id: sports, order: 2 },
    ]);
    // Sent again (a retry), the same order stands and nothing else moves.
    expect((await call('PUT', `${base}/categories/order`, admin, { ids: [art, voyages, sports] })).json()).toEqual(
      reordered.json(),
    );
    expect((await call('PUT', `${base}/tabs/order`, admin, { ids: [...tabs].reverse() })).statusCode).toBe(200);
    expect(
      (await call('PUT', `${base}/photos/order`, admin, { ids: [photos[2], photos[0], photos[1]] })).statusCode,
    ).toBe(200);
    const after = await shown();
    expect(after.itemCategories.map((c: { name: string }) => c.name)).toEqual(['Art', 'Voyages', 'Sports']);
    expect(after.tabs.map((t: { id: number }) => t.id)).toEqual([...tabs].reverse());
    // Tabs saved without a title or content are shown (they once made the auction's answer fail).
    expect(after.tabs[0]).toMatchObject({ name: 'livraison', url: 'livraison', title: '', content: '' });
    expect(after.photos.map((p: { fullPath: string }) => p.fullPath)).toEqual([
      'https://cdn.example.org/3.jpg',
      'https://cdn.example.org/1.jpg',
      'https://cdn.example.org/2.jpg',
    ]);

    // A list that is not exactly the auction's (one missing, one of another auction, one twice)
    // is refused and changes nothing.
    const other = await newAuction();
    const foreign = (
      await call('POST', `/api/admin/auctions/${other.auction.id}/categories`, admin, {
        translations: { fr: 'Ailleurs' },
      })
    ).json().id as number;
    for (const ids of [
      [voyages, art],
      [sports, voyages, foreign],
      [sports, voyages, art, foreign],
    ]) {
      const refused = await call('PUT', `${base}/categories/order`, admin, { ids });
      expect(refused.statusCode, JSON.stringify(ids)).toBe(409);
      expect(refused.json().message).toBe('order_list_changed');
    }
    const repeated = await call('PUT', `${base}/categories/order`, admin, { ids: [sports, sports, art] });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().messages).toContain('order_ids_repeated');
    expect((await call('PUT', `${base}/categories/order`, admin, { ids: [] })).statusCode).toBe(400);
    // Another organisation's manager does not reach this auction's list.
    expect((await call('PUT', `${base}/categories/order`, manager, { ids: [voyages, sports, art] })).statusCode).toBe(
      404,
    );
    expect((await shown()).itemCategories.map((c: { name: string }) => c.name)).toEqual(['Art', 'Voyages', 'Sports']);
  });
});

describe('lots', () => {
  it('creates a lot, opens its stream and announces it; a retried creation answers the same lot', async () => {
    const { auction } = await newAuction();
    const commandId = randomUUID();
    const lot = await newLot(auction.id, { commandId, photos: [{ fullPathLarge: 'https://cdn.example.org/l.jpg' }] });
    expect(lot).toMatchObject({ lotNumber: 7, startingBid: { value: 100, currencyCode: 'CAD' }, status: 2 });
    expect(lot.photos[0].fullPath_Medium).toBe('https://cdn.example.org/l.jpg');
    const again = await call('POST', `/api/admin/auctions/${auction.id}/lots`, admin, {
      commandId,
      translations: { en: { name: 'Weekend in Charlevoix' } },
      dateCompleted: inHours(2),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(lot.id);
    const lots = await test.database.db.selectFrom('lots').select('id').where('auction_id', '=', auction.id).execute();
    expect(lots).toHaveLength(1);
    expect(await eventTypesOf(lot.id)).toEqual(['LotOpened']);
    // The same key for another lot (another number, another auction) is refused and creates nothing.
    const { auction: other } = await newAuction();
    for (const [auctionId, lotNumber] of [
      [auction.id, 8],
      [other.id, 7],
    ]) {
      const reused = await call('POST', `/api/admin/auctions/${auctionId}/lots`, admin, {
        commandId,
        lotNumber,
        translations: { en: { name: 'Another lot' } },
        dateCompleted: inHours(2),
      });
      expect([reused.statusCode, reused.json().message]).toEqual([422, 'idempotency_key_reused']);
    }
    const after = await test.database.db.selectFrom('lots').select('id').execute();
    expect(after.filter((row) => row.id > lot.id)).toHaveLength(0);
    const hub = await hubEventsSince(test.redis, auction.id, '0-0', test.prefix);
    expect(hub?.find((e) => e.event === 'AuctionLotItemCreated')?.data).toMatchObject({
      auctionLotItemDto: { id: lot.id, lotNumber: 7 },
    });
  });

  it('creates one lot when the same creation arrives twice at once (a retry racing the first)', async () => {
    const { auction } = await newAuction();
    const body = {
      commandId: randomUUID(),
      lotNumber: 12,
      translations: { en: { name: 'Cottage weekend' } },
      startingBid: 100,
      minimumIncrement: 10,
      dateCompleted: inHours(2),
    };
    const answers = await Promise.all(
      [0, 1].map(() => call('POST', `/api/admin/auctions/${auction.id}/lots`, admin, body)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect(answers[0]?.json().id).toBe(answers[1]?.json().id);
    const lots = await test.database.db.selectFrom('lots').select('id').where('auction_id', '=', auction.id).execute();
    expect(lots.map((row) => row.id)).toEqual([answers[0]?.json().id]);
  });

  it('refuses a lot with a category, team or closing group of another auction, creating nothing', async () => {
    const { auction } = await newAuction();
    const other = await newAuction();
    const category = await call('POST', `/api/admin/auctions/${other.auction.id}/categories`, admin, {
      translations: { en: 'Elsewhere' },
    });
    const response = await call('POST', `/api/admin/auctions/${auction.id}/lots`, admin, {
      translations: { en: { name: 'Stray' } },
      startingBid: 10,
      dateCompleted: inHours(2),
      itemCategoryIds: [category.json().id],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('category_not_found');
    const noDate = await call('POST', `/api/admin/auctions/${auction.id}/lots`, admin, {
      translations: { en: { name: 'Undated' } },
    });
    expect(noDate.json().message).toBe('date_completed_required');
    const lots = await test.database.db.selectFrom('lots').select('id').where('auction_id', '=', auction.id).execute();
    expect(lots).toHaveLength(0);
  });

  it('removes a bid with a reason: the standing is recomputed and the audit trail tells who and why', async () => {
    const { auction } = await newAuction();
    const lot = await newLot(auction.id);
    expect((await bid(lot.id, bidder, 100)).statusCode).toBe(200);
    const placed = await bid(lot.id, secondBidder, 150);
    expect(placed.statusCode).toBe(200);
    const bids = await test.database.db
      .selectFrom('events')
      .select(['data'])
      .where('stream_id', '=', `lot-${lot.id}`)
      .where('type', '=', 'BidPlaced')
      .orderBy('stream_version')
      .execute();
    // Bid ids contain '#': a path segment must be encoded.
    const secondBidId = encodeURIComponent((bids[1]?.data as { bidId: string } | undefined)?.bidId ?? '');

    const removed = await call('POST', `/api/admin/lots/${lot.id}/bids/${secondBidId}/remove`, admin, {
      reason: 'Bidder asked: typo',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ price: { value: 100 }, leaderUserId: bidder.id, bidCount: 1 });
    const again = await call('POST', `/api/admin/lots/${lot.id}/bids/${secondBidId}/remove`, admin, {
      reason: 'twice',
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('bid_not_found');
    expect((await call('POST', `/api/admin/lots/${lot.id}/bids/${secondBidId}/remove`, admin, {})).statusCode).toBe(
      400,
    );

    const trail = await call('GET', `/api/admin/lots/${lot.id}/audit-trail`, admin);
    expect(trail.statusCode).toBe(200);
    const text = JSON.stringify(trail.json());
    expect(text).toContain('Bidder asked: typo');
    expect(trail.json().standing).toMatchObject({ price: 10000, leaderId: bidder.id });
    expect((await call('GET', `/api/admin/lots/${lot.id}/audit-trail`, manager)).statusCode).toBe(404);
  });

  it('closes a lot early, hides, shows and reschedules it through the engine', async () => {
    const { auction } = await newAuction();
    const lot = await newLot(auction.id);
    const hidden = await call('POST', `/api/admin/lots/${lot.id}/hide`, admin, {});
    expect(hidden.json()).toMatchObject({ isHidden: true });
    expect((await bid(lot.id, bidder, 100)).json().message).toBe('item_hidden');
    expect((await call('POST', `/api/admin/lots/${lot.id}/show`, admin, {})).json().isHidden).toBe(false);

    const end = inHours(3);
    const moved = await call('POST', `/api/admin/lots/${lot.id}/reschedule`, admin, { dateCompleted: end });
    expect(moved.json()).toMatchObject({ dateCompleted: end, initialDateCompleted: end });
    const badDate = await call('POST', `/api/admin/lots/${lot.id}/reschedule`, admin, { dateCompleted: 'tomorrow' });
    expect(badDate.statusCode).toBe(400);

    const commandId = randomUUID();
    const closed = await call('POST', `/api/admin/lots/${lot.id}/close-early`, admin, { commandId });
    expect(closed.json()).toMatchObject({ status: 3, winnerUserId: null, duplicate: false });
    const retried = await call('POST', `/api/admin/lots/${lot.id}/close-early`, admin, { commandId });
    expect(retried.json()).toMatchObject({ status: 3, duplicate: true, events: closed.json().events });
    expect((await bid(lot.id, bidder, 100)).json().message).toBe('item_closed');
    expect(await eventTypesOf(lot.id)).toEqual(['LotOpened', 'LotHidden', 'LotShown', 'LotRescheduled', 'LotClosed']);
  });

  it('hides a lot created hidden in the engine too: not listed, not readable, not biddable, once on a retry', async () => {
    const { auction, urlMagicLink } = await newAuction();
    const commandId = randomUUID();
    const lot = await newLot(auction.id, { isHidden: true, commandId });
    expect((await bid(lot.id, bidder, 100)).json().message).toBe('item_hidden');
    await test.projections.caughtUp();
    const list = await test.app.inject({ method: 'GET', url: `/api/auction-lot-items?urlMagicLink=${urlMagicLink}` });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ count: 0, items: [] });
    const detail = await test.app.inject({ method: 'GET', url: `/api/auction-lot-items/${lot.id}` });
    expect(detail.statusCode).toBe(404);
    expect(detail.json().message).toBe('item_not_found');
    const bidHistory = await test.app.inject({ method: 'GET', url: `/api/auction-lot-items/refresh-bids/${lot.id}` });
    expect(bidHistory.statusCode).toBe(404);
    expect((await call('GET', `/api/admin/auctions/${auction.id}/lots`, admin)).json()).toMatchObject([
      { id: lot.id, isHidden: true },
    ]);

    const retried = await call('POST', `/api/admin/auctions/${auction.id}/lots`, admin, {
      lotNumber: 7,
      translations: { en: { name: 'Weekend in Charlevoix' } },
      isHidden: true,
      commandId,
    });
    expect(retried.statusCode).toBe(200);
    expect(await eventTypesOf(lot.id)).toEqual(['LotOpened', 'LotHidden']);
  });

  it('edits a lot: prices go through the engine, rule settings stay as opened', async () => {
    const { auction } = await newAuction();
    const lot = await newLot(auction.id);
    const edited = await call('PATCH', `/api/admin/lots/${lot.id}`, admin, {
      startingBid: 250,
      translations: { fr: { name: 'Nouveau nom' } },
      offeredBy: 'Hôtel du Lac',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ startingBid: { value: 250 }, offeredBy: 'Hôtel du Lac' });
    expect((await bid(lot.id, bidder, 200)).json().message).toBe('bid_too_low');
    expect((await bid(lot.id, bidder, 250)).statusCode).toBe(200);
    const locked = await call('PATCH', `/api/admin/lots/${lot.id}`, admin, { allowsTimeExtension: false });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe('lot_settings_locked');
  });

  it("moves a closing group's open lots together", async () => {
    const { auction } = await newAuction();
    const group = await call('POST', `/api/admin/auctions/${auction.id}/closing-groups`, admin, {
      translations: { en: 'Wave' },
      dateCompleted: inHours(2),
    });
    const first = await newLot(auction.id, { auctionClosingGroupId: group.json().id, dateCompleted: undefined });
    const second = await newLot(auction.id, { auctionClosingGroupId: group.json().id, lotNumber: 8 });
    expect(first.dateCompletedUtc).toBe(group.json().dateCompleted);
    const later = inHours(3);
    const moved = await call('PATCH', `/api/admin/closing-groups/${group.json().id}`, admin, { dateCompleted: later });
    expect(moved.statusCode, moved.body).toBe(200);
    for (const lot of [first, second]) {
      const ends = await test.database.db
        .selectFrom('events')
        .select('data')
        .where('stream_id', '=', `lot-${lot.id}`)
        .where('type', '=', 'LotRescheduled')
        .executeTakeFirstOrThrow();
      expect((ends.data as { endsAt: number }).endsAt).toBe(new Date(later).getTime());
    }
  });
});
