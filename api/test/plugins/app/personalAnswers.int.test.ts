import { describe, expect, it } from 'vitest';
import { bearer, registerConfirmed } from '../../accounts/accountFlows.ts';
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
