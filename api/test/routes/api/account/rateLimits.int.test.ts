import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBidder, refreshCookieOf } from '../../../accounts/accountFlows.ts';
import { statusesOf } from '../../../fixtures/rateLimits.ts';
import { startTestApp, type TestApp } from '../../../testApp.ts';

/**
 * The limits of docs/security.md hold against the usual ways around them: a forged forwarding
 * header, the spellings of one phone number, and spreading the calls over many addresses.
 */
let direct: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  [direct, proxied] = await Promise.all([
    startTestApp(),
    // Behind a proxy on this machine: X-Forwarded-For from 127.0.0.1 names the client.
    startTestApp({ app: { trustProxy: ['127.0.0.1'] } }),
  ]);
});
afterAll(async () => {
  await Promise.all([direct?.close(), proxied?.close()]);
});

function failedLogin(
  app: FastifyInstance,
  username: string,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/api/account/authenticate',
    payload: { username, password: 'Not-The-Password-1!' },
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

describe('client address', () => {
  it('ignores a forged X-Forwarded-For without TRUST_PROXY: failed logins over many accounts stop at 30', async () => {
    const answers = await statusesOf(31, (i) =>
      failedLogin(direct.app, `nobody${i}@example.com`, { 'x-forwarded-for': `198.51.100.${i + 1}` }),
    );
    expect(answers.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(answers[30]).toBe(429);
    const limited = await failedLogin(direct.app, 'someone-else@example.com', { 'x-forwarded-for': '192.0.2.200' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('too_many_requests');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back by this one.
    expect((await failedLogin(direct.app, 'fresh@example.com', {}, '203.0.113.7')).statusCode).toBe(401);
  });

  it('counts per forwarded address when the proxy is trusted', async () => {
    const spread = await statusesOf(31, (i) =>
      failedLogin(proxied.app, `spread${i}@example.com`, { 'x-forwarded-for': `198.51.100.${i + 1}` }),
    );
    expect(spread.every((s) => s === 401)).toBe(true);
    const one = await statusesOf(31, (i) =>
      failedLogin(proxied.app, `one${i}@example.com`, { 'x-forwarded-for': '192.0.2.10' }),
    );
    expect(one.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(one[30]).toBe(429);
  });

  it('gives a successful login its slot back, so one address may log many bidders in', async () => {
    const answers = await statusesOf(10, () =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/account/authenticate',
        payload: { username: 'bidder@demo.local', password: 'Demo-Bidder-2026!' },
        headers: { 'x-forwarded-for': '192.0.2.20' },
      }),
    );
    expect(answers.every((s) => s === 200)).toBe(true);
    // Without the refund, these 29 failures and the 10 successes would pass the 30 failures allowed.
    const failures = await statusesOf(29, (i) =>
      failedLogin(proxied.app, `venue${i}@example.com`, { 'x-forwarded-for': '192.0.2.20' }),
    );
    expect(failures.every((s) => s === 401)).toBe(true);
  });
});

describe('account identifier', () => {
  // Failures are counted per account and address (loginLockout.int.test.ts: the owner elsewhere still logs in).
  it('puts every spelling of a phone number in one bucket', async () => {
    const spellings = ['(514) 555-0100', '514-555-0100', '+1 514 555 0100', '5145550100', '1 514 555 0100'];
    const answers = await statusesOf(11, (i) =>
      failedLogin(direct.app, spellings[i % spellings.length] as string, {}, '203.0.113.100'),
    );
    expect(answers.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(answers[10]).toBe(429);
  });

  it('puts an email in any case in one bucket', async () => {
    const answers = await statusesOf(6, (i) =>
      direct.app.inject({
        method: 'POST',
        url: '/api/account/password-recovery-email',
        payload: { value: i % 2 ? 'VOLUNTEER@demo.local' : ' volunteer@Demo.Local ' },
        remoteAddress: `203.0.113.${150 + i}`,
      }),
    );
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('limits the masked-email lookup per phone, in any spelling', async () => {
    const spellings = [
      '(438) 555-0177',
      '438-555-0177',
      '+1 438 555 0177',
      '4385550177',
      '438.555.0177',
      '14385550177',
    ];
    const answers = await statusesOf(6, (i) =>
      direct.app.inject({
        method: 'GET',
        url: `/api/account/masked-email-for-recovery/${encodeURIComponent(spellings[i] as string)}`,
        remoteAddress: `203.0.113.${200 + i}`,
      }),
    );
    expect(answers).toEqual([404, 404, 404, 404, 404, 429]);
  });
});

describe('enumeration', () => {
  it('caps the masked-email lookup for everyone at once, however many addresses and phones', async () => {
    const answers = await statusesOf(101, (i) =>
      proxied.app.inject({
        method: 'GET',
        url: `/api/account/masked-email-for-recovery/${5145551000 + i}`,
        headers: { 'x-forwarded-for': `10.${Math.floor(i / 250)}.${i % 250}.1` },
      }),
    );
    expect(answers.slice(0, 100).every((s) => s === 404 || s === 200)).toBe(true);
    expect(answers[100]).toBe(429);
  });

  it('caps the unique checks for everyone at once', async () => {
    const answers = await statusesOf(601, (i) =>
      proxied.app.inject({
        method: 'GET',
        url: `/api/account/unique-nickname?nickName=Probe${i}`,
        headers: { 'x-forwarded-for': `10.${100 + Math.floor(i / 250)}.${i % 250}.1` },
      }),
    );
    expect(answers.slice(0, 600).every((s) => s === 200)).toBe(true);
    expect(answers[600]).toBe(429);
  });

  it('answers the resend of a confirmation the same for an unknown address as for an account', async () => {
    const unknown = await direct.app.inject({
      method: 'POST',
      url: '/api/account/resend-email-confirmation',
      payload: { username: 'nobody-here@example.com' },
      remoteAddress: '203.0.113.250',
    });
    const known = await direct.app.inject({
      method: 'POST',
      url: '/api/account/resend-email-confirmation',
      payload: { username: 'bidder@demo.local' },
      remoteAddress: '203.0.113.250',
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
  });
});

/** A demo bidder's session opened from `remoteAddress`: its refresh token, as the cookie carries it. */
async function sessionFrom(app: FastifyInstance, remoteAddress: string): Promise<string> {
  const authenticated = await app.inject({
    method: 'POST',
    url: '/api/account/authenticate',
    payload: { username: 'bidder@demo.local', password: 'Demo-Bidder-2026!' },
    remoteAddress,
  });
  const opened = await app.inject({
    method: 'POST',
    url: '/api/account/token',
    headers: { authorization: `Bearer ${authenticated.json().access_token}` },
    payload: { rememberMe: false },
    remoteAddress,
  });
  const token = refreshCookieOf(opened);
  if (!token) throw new Error(`no session: ${opened.body}`);
  return token;
}

function refreshFrom(app: FastifyInstance, remoteAddress: string, token?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/account/refresh',
    headers: token === undefined ? {} : { cookie: `auction_refresh=${token}` },
    remoteAddress,
  });
}

// Sixty cookieless calls from a venue's address used to refuse every bidder's renewal there, and the app then logged them out.
describe('refresh', () => {
  it('counts calls without a valid cookie per address on their own: they hold back no session', async () => {
    const venue = '203.0.113.60';
    let token = await sessionFrom(direct.app, venue);
    const strangers = await statusesOf(61, () => refreshFrom(direct.app, venue));
    expect(strangers.slice(0, 60).every((s) => s === 401)).toBe(true);
    expect(strangers[60]).toBe(429);
    expect((await refreshFrom(direct.app, venue, 'not.a.token')).statusCode).toBe(429);

    const renewed = await refreshFrom(direct.app, venue, token);
    expect(renewed.statusCode, renewed.body).toBe(200);
    token = refreshCookieOf(renewed) as string;
    expect(token).toBeTruthy();
  });

  it('limits the renewals of one session, wherever they come from', async () => {
    let token = await sessionFrom(direct.app, '203.0.113.61');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const answer = await refreshFrom(direct.app, `198.18.0.${i + 1}`, token);
      statuses.push(answer.statusCode);
      token = refreshCookieOf(answer) || token;
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another session, from the same addresses, is not held back by it.
    const other = await sessionFrom(direct.app, '203.0.113.62');
    expect((await refreshFrom(direct.app, '198.18.0.1', other)).statusCode).toBe(200);
  });
});

// One client registered accounts by the dozen, each reserving a phone number it never proved.
describe('registration', () => {
  it('is limited per address, sized for a venue (30 in 15 minutes)', async () => {
    const statuses = await statusesOf(31, () =>
      direct.app.inject({
        method: 'POST',
        url: '/api/account/register',
        // Each a different email, so only the count per address can stop them; refused bodies count too.
        payload: { ...newBidder(), confirmPassword: 'Not-The-Same-2026!' },
        remoteAddress: '203.0.113.70',
      }),
    );
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
    const elsewhere = await direct.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: newBidder(),
      remoteAddress: '203.0.113.71',
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });
});
