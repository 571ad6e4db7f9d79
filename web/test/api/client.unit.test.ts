// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, hasExpired, tokens } from '../../src/api/client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  tokens.set(undefined);
});

/** A token as the API signs them, its signature unread here: only its expiry matters to the app. */
const jwt = (exp: number) =>
  ['{"alg":"HS256"}', JSON.stringify({ sub: 'u1', exp })]
    .map((part) => btoa(part).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''))
    .concat('signature')
    .join('.');
const now = () => Math.floor(Date.now() / 1000);

/**
 * The API as the browser reaches it: who asked what, with which token. It refuses an expired
 * token, and the `refused` one whatever the app reads of it.
 */
function network(refresh: number, refused?: string) {
  const calls: Array<{ url: string; method: string; token: string | undefined }> = [];
  const fresh = jwt(now() + 900);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const token = (init.headers as Record<string, string>).Authorization?.replace('Bearer ', '');
    calls.push({ url, method: init.method ?? 'GET', token });
    if (url === '/api/account/refresh') {
      const body =
        refresh === 200 ? { token: fresh } : { message: refresh === 429 ? 'too_many_requests' : 'unauthorized' };
      return new Response(JSON.stringify(body), { status: refresh });
    }
    return new Response('{}', { status: token && (hasExpired(token) || token === refused) ? 401 : 200 });
  });
  return { calls, fresh };
}

describe('the access token', () => {
  it('is read as expired from its own claim, with a margin', () => {
    expect(hasExpired(jwt(now() - 1))).toBe(true);
    expect(hasExpired(jwt(now() + 10))).toBe(true);
    expect(hasExpired(jwt(now() + 900))).toBe(false);
    expect(hasExpired('not-a-jwt')).toBe(false);
  });

  it('is renewed before a call when expired, so the call is made once and never refused', async () => {
    tokens.set(jwt(now() - 60));
    const { calls, fresh } = network(200);
    await api('/api/auctions');
    expect(calls).toEqual([
      { url: '/api/account/refresh', method: 'POST', token: undefined },
      { url: '/api/auctions', method: 'GET', token: fresh },
    ]);
    expect(tokens.access()).toBe(fresh);
  });

  it('is sent as it is while it lasts', async () => {
    const valid = jwt(now() + 600);
    tokens.set(valid);
    const { calls } = network(200);
    await api('/api/auctions');
    expect(calls).toEqual([{ url: '/api/auctions', method: 'GET', token: valid }]);
  });

  it('is dropped when its renewal is refused: the call goes as a visitor’s', async () => {
    tokens.set(jwt(now() - 60));
    const { calls } = network(401);
    await api('/api/auctions');
    expect(calls.map((call) => [call.url, call.token])).toEqual([
      ['/api/account/refresh', undefined],
      ['/api/auctions', undefined],
    ]);
    expect(tokens.access()).toBeUndefined();
  });

  it('is kept when its renewal is held back by a limit: the call fails, the bidder stays logged in', async () => {
    const expired = jwt(now() - 60);
    tokens.set(expired);
    const { calls } = network(429);
    await expect(api('/api/auctions')).rejects.toMatchObject({ status: 429, message: 'too_many_requests' });
    expect(calls.map((call) => call.url)).toEqual(['/api/account/refresh']);
    expect(tokens.access()).toBe(expired);
  });

  it('is kept when a renewal after a 401 is held back by a limit', async () => {
    // A token the app cannot read as expired, refused by the API: renewed after the 401.
    tokens.set('opaque-token');
    const { calls } = network(429, 'opaque-token');
    await expect(api('/api/account')).rejects.toMatchObject({ status: 429 });
    expect(calls.map((call) => call.url)).toEqual(['/api/account', '/api/account/refresh']);
    expect(tokens.access()).toBe('opaque-token');
  });
});
