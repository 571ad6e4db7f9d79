import { describe, expect, it } from 'vitest';
import { bearer, callAs, registerConfirmed } from '../../accounts/accountFlows.ts';
import { acceptedBid, openLot } from '../../fixtures/lots.ts';
import { useTestApp } from '../../useTestApp.ts';

const test = useTestApp();

describe('personal answers', () => {
  it('are kept by no cache: an answer to a signed-in call is private, no-store and varies by Authorization', async () => {
    const bidder = await registerConfirmed(test);
    for (const url of ['/api/account', '/api/auctions']) {
      const answer = await test.app.inject({ method: 'GET', url, headers: bearer(bidder.token) });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe('private, no-store');
      expect(answer.headers.vary, url).toMatch(/\bAuthorization\b/);
    }
  });

  it('carry the same headers on the bid commands, which set them without the hook, a refusal included', async () => {
    const bidder = await registerConfirmed(test);
    const lotId = await openLot(test);
    const account = await test.app.inject({ method: 'GET', url: '/api/account', headers: bearer(bidder.token) });
    const bid = await acceptedBid(test, lotId, bidder, 20);
    // Refused before the handler runs (the body's schema) and by it (no such lot).
    const invalid = await callAs(test.app, bidder.token, 'POST', `/api/bids/auctionlotitem/${lotId}/bid`, {
      amount: 'twenty',
    });
    const unknown = await callAs(test.app, bidder.token, 'POST', '/api/bids/auctionlotitem/999999/bid', { amount: 30 });
    expect([invalid.statusCode, unknown.statusCode]).toEqual([400, 404]);
    for (const answer of [account, bid, invalid, unknown]) {
      expect(answer.headers['cache-control'], answer.body).toBe('private, no-store');
      expect(answer.headers.vary, answer.body).toMatch(/\bAuthorization\b/);
    }
    // Without a token the refusal is nobody's: Vary only, as on every API answer.
    const anonymous = await test.app.inject({
      method: 'POST',
      url: `/api/bids/auctionlotitem/${lotId}/bid`,
      payload: { amount: 30, isMax: false },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBeUndefined();
    expect(anonymous.headers.vary).toMatch(/\bAuthorization\b/);
  });

  it("leave a public answer's caching as it was", async () => {
    const anonymous = await test.app.inject({ method: 'GET', url: '/api/auctions' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBeUndefined();
    // Compression's Vary stays beside it: a cache keeps the anonymous answer for anonymous callers only.
    const compressed = await test.app.inject({
      method: 'GET',
      url: '/api/auctions',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.headers.vary).toMatch(/\bAuthorization\b/);
  });
});
