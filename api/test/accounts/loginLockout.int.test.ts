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

/** The first call of a login, from the given client address. */
function authenticate(username: string, password: string, remoteAddress: string) {
  return test.app.inject({
    method: 'POST',
    url: '/api/account/authenticate',
    payload: { username, password },
    remoteAddress,
  });
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
