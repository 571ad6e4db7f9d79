import { describe, expect, it } from 'vitest';
import { statusesOf } from '../fixtures/rateLimits.ts';
import { useTestApp } from '../useTestApp.ts';
import { registerConfirmed } from './accountFlows.ts';

/**
 * A rival must not be able to keep a bidder from logging in (an auction's closing minute), while
 * guessing at a password stays bounded: failures are counted per account and address, with a
 * higher ceiling per account across every address (docs/security.md).
 */
const test = useTestApp({ demo: false });

/** The first call of a login, from the given client address, with the device's cookie when it has one. */
function authenticate(username: string, password: string, remoteAddress: string, deviceCookie?: string) {
  return test.app.inject({
    method: 'POST',
    url: '/api/account/authenticate',
    payload: { username, password },
    remoteAddress,
    ...(deviceCookie ? { headers: { cookie: deviceCookie } } : {}),
  });
}

/** The known-device cookie a successful login left, as the browser sends it back (`name=value`). */
function deviceCookieOf(answer: { headers: Record<string, unknown> }): string {
  const setCookie = String(answer.headers['set-cookie'] ?? '');
  expect(setCookie).toMatch(/^auction_device=[^;]+; Path=\/api\/account\/authenticate; .*HttpOnly; SameSite=Strict/);
  return setCookie.split(';')[0] as string;
}

/** A hundred failures on the account from ten addresses: its ceiling reached. */
async function reachCeiling(username: string, network: string) {
  const guesses = await statusesOf(100, (i) =>
    authenticate(username, wrong(i), `${network}.${Math.floor(i / 10) + 1}`),
  );
  expect(guesses).toEqual(Array(100).fill(401));
  expect((await authenticate(username, wrong(100), `${network}.200`)).statusCode).toBe(429);
}

const wrong = (i: number) => `Wrong-Guess-${i}!`;

describe('login limits', () => {
  it("stops a stranger's guesses at their address without locking the owner out", async () => {
    const owner = await registerConfirmed(test);
    const { username, password } = owner.body;
    const guesses = await statusesOf(10, (i) => authenticate(username, wrong(i), '198.51.100.1'));
    expect(guesses).toEqual(Array(10).fill(401));

    const limited = await authenticate(username, wrong(10), '198.51.100.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('too_many_requests');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The guesser's address gets no answer about passwords any more, the right one included.
    expect((await authenticate(username, password, '198.51.100.1')).statusCode).toBe(429);

    const own = await authenticate(username, password, '203.0.113.1');
    expect(own.statusCode).toBe(200);
    expect(own.json().access_token).toEqual(expect.any(String));
  });

  it('spells the account any way in one count per address', async () => {
    const owner = await registerConfirmed(test);
    const spellings = [owner.body.username, owner.body.username.toUpperCase(), ` ${owner.body.username} `];
    const guesses = await statusesOf(11, (i) =>
      authenticate(spellings[i % spellings.length] as string, wrong(i), '198.51.100.2'),
    );
    expect(guesses).toEqual([...Array(10).fill(401), 429]);
    expect((await authenticate(owner.body.username, owner.body.password, '203.0.113.2')).statusCode).toBe(200);
  });

  it('finds the account only by spellings the limits count as the account (no Unicode case that folds apart)', async () => {
    const owner = await registerConfirmed(test);
    const { username, password } = owner.body;
    // PostgreSQL folds İ to i, JavaScript to i and a combining dot: counted apart, it must not sign in.
    const dotted = username.replace('i', 'İ');
    expect(dotted).not.toBe(username);
    const answer = await authenticate(dotted, password, '198.51.100.9');
    expect(answer.statusCode).toBe(401);
    expect((await authenticate(username.toUpperCase(), password, '198.51.100.9')).statusCode).toBe(200);
  });

  it('does not count a successful login as a failure', async () => {
    const owner = await registerConfirmed(test);
    const { username, password } = owner.body;
    // A bidder logging in on several devices from home: more logins than the failures allowed.
    const logins = await statusesOf(12, () => authenticate(username, password, '198.51.100.3'));
    expect(logins).toEqual(Array(12).fill(200));
    // And those logins left every failure slot free.
    const guesses = await statusesOf(11, (i) => authenticate(username, wrong(i), '198.51.100.3'));
    expect(guesses).toEqual([...Array(10).fill(401), 429]);
  });

  it('counts an IPv6 guesser per /64, the block it picks its addresses from', async () => {
    const owner = await registerConfirmed(test);
    const { username, password } = owner.body;
    // A new address of the same /64 for every guess, as privacy addresses let a client do.
    const guesses = await statusesOf(11, (i) =>
      authenticate(username, wrong(i), `2001:db8:7:1::${(i + 1).toString(16)}`),
    );
    expect(guesses).toEqual([...Array(10).fill(401), 429]);
    expect((await authenticate(username, password, '2001:db8:7:1:ffff::1')).statusCode).toBe(429);
    // The owner, on another network, logs in.
    expect((await authenticate(username, password, '2001:db8:7:2::1')).statusCode).toBe(200);
  });

  it('bounds guesses spread over many addresses by the account ceiling', async () => {
    const owner = await registerConfirmed(test);
    const { username, password } = owner.body;
    const guesses = await statusesOf(100, (i) =>
      authenticate(username, wrong(i), `198.51.101.${Math.floor(i / 10) + 1}`),
    );
    expect(guesses).toEqual(Array(100).fill(401));
    const beyond = await authenticate(username, wrong(100), '198.51.101.200');
    expect(beyond.statusCode).toBe(429);
    expect(beyond.json().message).toBe('too_many_requests');
    // The ceiling's price: past it, the owner too waits for the window to end.
    expect((await authenticate(username, password, '203.0.113.3')).statusCode).toBe(429);
    // Other accounts are not held back by it.
    const other = await registerConfirmed(test);
    expect((await authenticate(other.body.username, other.body.password, '198.51.101.200')).statusCode).toBe(200);
  });

  it('lets the owner log in past the ceiling from a device they logged in on before', async () => {
    const owner = await registerConfirmed(test);
    const { username, password } = owner.body;
    const phone = deviceCookieOf(await authenticate(username, password, '203.0.113.10'));
    await reachCeiling(username, '198.51.102');

    // The owner's phone, even on a new network (the gala's Wi-Fi), is not held by the ceiling.
    const own = await authenticate(username, password, '203.0.113.11', phone);
    expect(own.statusCode).toBe(200);
    expect(own.json().access_token).toEqual(expect.any(String));
    // The same device keeps its entry: its failures stay counted on their own.
    expect(deviceCookieOf(own)).toBe(phone);
    // Anyone else still meets it, the right password included.
    expect((await authenticate(username, password, '203.0.113.12')).statusCode).toBe(429);
  });

  it("counts a known device's failures on their own, and exempts no other account or altered cookie", async () => {
    const owner = await registerConfirmed(test);
    const other = await registerConfirmed(test);
    const phone = deviceCookieOf(await authenticate(owner.body.username, owner.body.password, '203.0.113.20'));
    await reachCeiling(other.body.username, '198.51.103');
    // The owner's device is not known to the other account.
    expect((await authenticate(other.body.username, other.body.password, '203.0.113.21', phone)).statusCode).toBe(429);

    await reachCeiling(owner.body.username, '198.51.104');
    const altered = phone.replace(/.(?=\.)/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await authenticate(owner.body.username, owner.body.password, '203.0.113.22', altered)).statusCode).toBe(
      429,
    );
    // A stolen copy guessing from many addresses is stopped after ten failures on the device.
    const guesses = await statusesOf(11, (i) =>
      authenticate(owner.body.username, wrong(i), `203.0.114.${i + 1}`, phone),
    );
    expect(guesses).toEqual([...Array(10).fill(401), 429]);
  });

  it('leaves no device cookie after a refused login', async () => {
    const owner = await registerConfirmed(test);
    const refused = await authenticate(owner.body.username, wrong(0), '203.0.113.30');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['set-cookie']).toBeUndefined();
  });

  it("does not let calls refused at the guesser's address fill the account ceiling", async () => {
    const owner = await registerConfirmed(test);
    const { username, password } = owner.body;
    const guesses = await statusesOf(10, (i) => authenticate(username, wrong(i), '198.51.100.4'));
    expect(guesses).toEqual(Array(10).fill(401));
    // Ninety-five more from the same address, all refused before any password is checked: they
    // guess nothing, so they must not count toward the ceiling the owner would meet elsewhere.
    const refused = await statusesOf(95, (i) => authenticate(username, wrong(10 + i), '198.51.100.4'));
    expect(refused).toEqual(Array(95).fill(429));
    expect((await authenticate(username, password, '203.0.113.4')).statusCode).toBe(200);
  });
});
