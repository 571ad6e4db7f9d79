import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { HUB_PATH } from '../../src/hub/hubPlugin.ts';
import { HubClient } from '../hub/hubTestKit.ts';
import { useTestApp } from '../useTestApp.ts';
import { type AuthorizationFixtures, authorizationFixtures } from './authorizationFixtures.ts';

const test = useTestApp();
let f: AuthorizationFixtures;
beforeAll(async () => {
  f = await authorizationFixtures(test);
});

const get = (url: string, headers: Record<string, string> = {}) => test.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Record<string, string>, payload: object) =>
  test.app.inject({ method: 'POST', url, headers, payload });

/** Every read of one auction, by its link, id or lot. */
function reads() {
  const { urlMagicLink, id, lotId } = f.privateAuction;
  return [
    `/api/auctions/url-magic-link?urlMagicLink=${urlMagicLink}`,
    `/api/auction-lot-items?urlMagicLink=${urlMagicLink}`,
    `/api/auction-lot-items/${lotId}`,
    `/api/auction-lot-items/refresh-bids/${lotId}`,
    `/api/auctions/get-date-completed/${id}`,
    `/api/auctions/organization-teams/url-magic-link?urlMagicLink=${urlMagicLink}`,
    `/api/auctions/carousel/${id}`,
    `/api/auctions/leaderboard?urlMagicLink=${urlMagicLink}`,
    `/api/auctions/refresh-leaderboard?urlMagicLink=${urlMagicLink}`,
    `/api/auctions/winner-leaderboard?urlMagicLink=${urlMagicLink}`,
  ];
}

async function listedIds(headers: Record<string, string>) {
  const home = (await get('/api/auctions', headers)).json() as Array<{ id: number }>;
  const stats = (await get('/api/auctions/home-page-auctions-stats', headers)).json() as Array<{ auctionId: number }>;
  return { home: home.map((a) => a.id), stats: stats.map((s) => s.auctionId) };
}

async function bid(headers: Record<string, string>, amount: number) {
  return post(`/api/bids/auctionlotitem/${f.privateAuction.lotId}/bid`, headers, {
    amount,
    commandId: randomUUID(),
  });
}

async function bidsOnPrivateLot() {
  const row = await test.database.db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('stream_id', '=', `lot-${f.privateAuction.lotId}`)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

describe('a private auction', () => {
  it('is neither listed nor readable by an anonymous visitor', async () => {
    const listed = await listedIds({});
    expect(listed.home).toContain(f.publicAuction.id);
    expect(listed.home).not.toContain(f.privateAuction.id);
    expect(listed.stats).not.toContain(f.privateAuction.id);
    for (const url of reads()) {
      const response = await get(url);
      expect([response.statusCode, response.json().message], url).toEqual([403, 'private_auction']);
    }
    // The public auction's reads stay open.
    expect((await get(`/api/auction-lot-items/${f.publicAuction.lotId}`)).statusCode).toBe(200);
  });

  it('refuses a bidder who was not admitted on every path, and visiting does not admit them', async () => {
    const { headers } = f.users.bidder;
    const { urlMagicLink, id, lotId } = f.privateAuction;
    expect((await post(`/api/auctions/set-auction-status/${urlMagicLink}/Visited`, headers, {})).json().message).toBe(
      'private_auction',
    );
    expect((await listedIds(headers)).home).not.toContain(id);
    for (const url of reads()) {
      const response = await get(url, headers);
      expect([response.statusCode, response.json().message], url).toEqual([403, 'private_auction']);
    }
    for (const url of [`/api/favorites?urlMagicLink=${urlMagicLink}`, `/api/auction-lot-items/${lotId}/max`]) {
      expect((await get(url, headers)).statusCode, url).toBe(403);
    }
    const before = await bidsOnPrivateLot();
    const refused = await bid(headers, 100);
    expect([refused.statusCode, refused.json().message]).toEqual([403, 'private_auction']);
    const buy = await post(`/api/bids/auctionlotitem/${lotId}/buy`, headers, { quantity: 1, commandId: randomUUID() });
    expect(buy.statusCode).toBe(403);
    const donation = await post('/api/auctions/donations', headers, { id: randomUUID(), auctionId: id, amount: 20 });
    expect([donation.statusCode, donation.json().message]).toEqual([403, 'private_auction']);
    expect((await post(`/api/favorites/${lotId}/${urlMagicLink}`, headers, {})).statusCode).toBe(403);
    expect(await bidsOnPrivateLot()).toBe(before);
    const admitted = await test.database.db
      .selectFrom('auction_bidders')
      .select('admitted_at')
      .where('auction_id', '=', id)
      .where('user_id', '=', f.users.bidder.id)
      .executeTakeFirst();
    expect(admitted?.admitted_at ?? null).toBeNull();
  });

  it("opens to its organisation's staff and administrators, not to another organisation's manager", async () => {
    const url = `/api/auctions/url-magic-link?urlMagicLink=${f.privateAuction.urlMagicLink}`;
    for (const persona of ['volunteer', 'manager', 'administrator'] as const) {
      expect((await get(url, f.headers[persona])).statusCode, persona).toBe(200);
      expect((await listedIds(f.headers[persona])).home, persona).toContain(f.privateAuction.id);
    }
    const outsider = await get(url, f.headers.otherManager);
    expect([outsider.statusCode, outsider.json().message]).toEqual([403, 'private_auction']);
  });

  it('admits a signed-in user with the access code of its link, and refuses a wrong code', async () => {
    const { urlMagicLink, id, accessCode } = f.privateAuction;
    const { registerConfirmed } = await import('../accounts/accountFlows.ts');
    const guest = await registerConfirmed(test);
    const headers = { authorization: `Bearer ${guest.token}` };
    const wrong = await post(`/api/auctions/${urlMagicLink}/access-code`, headers, { code: 'not-the-code' });
    expect([wrong.statusCode, wrong.json().message]).toEqual([403, 'invalid_access_code']);
    expect((await post(`/api/auctions/${urlMagicLink}/access-code`, {}, { code: accessCode })).statusCode).toBe(401);
    expect((await get(`/api/auctions/url-magic-link?urlMagicLink=${urlMagicLink}`, headers)).statusCode).toBe(403);

    const admitted = await post(`/api/auctions/${urlMagicLink}/access-code`, headers, { code: accessCode });
    expect(admitted.statusCode, admitted.body).toBe(200);
    expect((await get(`/api/auctions/url-magic-link?urlMagicLink=${urlMagicLink}`, headers)).statusCode).toBe(200);
    expect((await listedIds(headers)).home).toContain(id);
    const placed = await bid(headers, 100);
    expect(placed.statusCode, placed.body).toBe(200);
  });

  it('admits an existing account invited by its staff; a locked bidder stays out', async () => {
    const { confirmPhone, registerConfirmed } = await import('../accounts/accountFlows.ts');
    const invited = await registerConfirmed(test);
    // Only a confirmed phone is the account's to be invited by (an unconfirmed one is invited as a newcomer).
    await confirmPhone(test, invited);
    const headers = { authorization: `Bearer ${invited.token}` };
    const url = `/api/auctions/url-magic-link?urlMagicLink=${f.privateAuction.urlMagicLink}`;
    expect((await get(url, headers)).statusCode).toBe(403);
    const invitation = await post('/api/onboarding/invite-via-client-app', f.headers.volunteer, {
      phoneNumber: invited.body.cellphone,
      firstName: 'Léa',
      lastName: 'Roy',
      auctionId: f.privateAuction.id,
    });
    expect(invitation.statusCode, invitation.body).toBe(200);
    expect((await get(url, headers)).statusCode).toBe(200);

    const locked = await test.app.inject({
      method: 'PUT',
      url: `/api/auctions/${f.privateAuction.id}/bidders/${invited.id}/status`,
      headers: f.headers.manager,
      payload: { status: 'Locked' },
    });
    expect(locked.statusCode, locked.body).toBe(200);
    expect((await get(url, headers)).statusCode).toBe(403);
  });

  it('is not watched on the hub by anyone who may not see it', async () => {
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const address = test.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const anonymous = await HubClient.connect(`ws://127.0.0.1:${port}${HUB_PATH}`);
    anonymous.send({ type: 'subscribe', auctionId: f.privateAuction.id });
    expect(await anonymous.next()).toMatchObject({ type: 'error', message: 'private_auction' });
    anonymous.send({ type: 'subscribe', auctionId: f.publicAuction.id });
    expect(await anonymous.next()).toMatchObject({ type: 'subscribed', auctionId: f.publicAuction.id });
    const token = f.headers.manager.authorization?.slice('Bearer '.length);
    const staff = await HubClient.connect(`ws://127.0.0.1:${port}${HUB_PATH}?access_token=${token}`);
    staff.send({ type: 'subscribe', auctionId: f.privateAuction.id });
    expect(await staff.next()).toMatchObject({ type: 'subscribed', auctionId: f.privateAuction.id });
    anonymous.socket.close();
    staff.socket.close();
  });
});

describe('invitations', () => {
  it("are sent only by the staff of the auction's organisation", async () => {
    const { db } = test.database;
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('onboarding_invitations')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('auction_id', '=', f.publicAuction.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const invite = (headers: Record<string, string>) =>
      post('/api/onboarding/invite-via-client-app', headers, {
        phoneNumber: '(450) 555-0142',
        firstName: 'Noé',
        lastName: 'Pelletier',
        auctionId: f.publicAuction.id,
      });
    const before = await count();
    const crossOrganisation = await invite(f.headers.otherManager);
    expect([crossOrganisation.statusCode, crossOrganisation.json().message]).toEqual([404, 'auction_not_found']);
    expect((await invite(f.headers.bidder)).statusCode).toBe(403);
    expect((await invite({})).statusCode).toBe(401);
    expect(await count()).toBe(before);
    for (const persona of ['volunteer', 'manager', 'administrator'] as const) {
      expect((await invite(f.headers[persona])).statusCode, persona).toBe(200);
    }
    expect(await count()).toBe(before + 3);
  });
});
