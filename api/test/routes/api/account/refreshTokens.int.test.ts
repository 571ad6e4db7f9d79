import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { REFRESH_REPEAT_WINDOW_SECONDS } from '../../../../src/accounts/refreshTokens.ts';
import { bearer, login, refresh, refreshCookieOf } from '../../../accounts/accountFlows.ts';
import { useTestApp } from '../../../useTestApp.ts';

const test = useTestApp();

const BIDDER = ['bidder@demo.local', 'Demo-Bidder-2026!'] as const;

/** The id a refresh cookie names (its `jti`), read without checking: the API checks it. */
function tokenIdOf(cookie: string | undefined): string {
  const payload = String(cookie).split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { jti: string }).jti;
}

describe('refresh tokens', () => {
  it('live in an httpOnly, SameSite=Strict, Secure cookie sent only to the refresh path', async () => {
    const session = await login(test.app, ...BIDDER);
    expect(session.body.refreshToken).toBeUndefined();
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/account/token',
      headers: bearer(session.body.token),
      payload: { rememberMe: true },
    });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^auction_refresh=[\w.-]+; /);
    expect(cookie).toContain('Path=/api/account/refresh');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    // The test app's public address is not localhost.
    expect(cookie).toContain('Secure');
    expect(cookie).toContain(`Max-Age=${30 * 24 * 3600}`);
  });

  it('rotate on use; reusing a rotated one revokes the family, the token it was rotated into included', async () => {
    const { refreshToken: first } = await login(test.app, ...BIDDER);
    const rotated = await refresh(test.app, first);
    expect(rotated.statusCode).toBe(200);
    const second = refreshCookieOf(rotated);
    expect(second).toEqual(expect.any(String));
    expect(second).not.toBe(first);
    expect((await test.app.inject({ url: '/api/account', headers: bearer(rotated.json().token) })).statusCode).toBe(
      200,
    );
    const third = refreshCookieOf(await refresh(test.app, second));

    // Two rotations back is a copy, window or not.
    const reused = await refresh(test.app, first);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe('invalid_token');
    expect(refreshCookieOf(reused)).toBe('');
    expect((await refresh(test.app, third)).statusCode).toBe(401);
    const family = await test.database.db
      .selectFrom('refresh_token_families')
      .select(['revoked_reason', 'rotations'])
      .where('user_id', '=', (await login(test.app, ...BIDDER)).body.id)
      .where('revoked_at', 'is not', null)
      .execute();
    expect(family).toContainEqual({ revoked_reason: 'reuse', rotations: 2 });
  });

  it('answer the token just spent again with the same next one while its answer may have been lost, not after', async () => {
    const { refreshToken: first } = await login(test.app, ...BIDDER);
    const second = refreshCookieOf(await refresh(test.app, first));
    // The browser never got `second` (the page reloaded while it was on its way) and sends `first` again.
    const repeated = await refresh(test.app, first);
    expect(repeated.statusCode).toBe(200);
    expect((await test.app.inject({ url: '/api/account', headers: bearer(repeated.json().token) })).statusCode).toBe(
      200,
    );
    const again = refreshCookieOf(repeated);
    expect(tokenIdOf(again)).toBe(tokenIdOf(second));
    // Nothing was spent by the repeat: the session goes on from it.
    expect((await refresh(test.app, again)).statusCode).toBe(200);

    // Past the window, the spent token is a copy: the family ends.
    const { refreshToken: late } = await login(test.app, ...BIDDER);
    const lateNext = refreshCookieOf(await refresh(test.app, late));
    await test.database.db
      .updateTable('refresh_token_families')
      .set({ rotated_at: sql<Date>`now() - make_interval(secs => ${REFRESH_REPEAT_WINDOW_SECONDS + 1}::integer)` })
      .where('previous_token_id', '=', tokenIdOf(late))
      .execute();
    const refused = await refresh(test.app, late);
    expect(refused.statusCode).toBe(401);
    expect(refreshCookieOf(refused)).toBe('');
    expect((await refresh(test.app, lateNext)).statusCode).toBe(401);
  });

  it('rotate once when the same token is used twice at the same moment, both answered with the same next one', async () => {
    const { refreshToken } = await login(test.app, ...BIDDER);
    const answers = await Promise.all([refresh(test.app, refreshToken), refresh(test.app, refreshToken)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const [one, other] = answers.map((answer) => refreshCookieOf(answer));
    expect(tokenIdOf(one)).toBe(tokenIdOf(other));
    const rotations = await test.database.db
      .selectFrom('refresh_token_families')
      .select('rotations')
      .where('current_token_id', '=', tokenIdOf(one))
      .executeTakeFirstOrThrow();
    expect(rotations.rotations).toBe(1);
  });

  it('keep a session going through several rotations', async () => {
    let { refreshToken } = await login(test.app, ...BIDDER);
    for (let i = 0; i < 3; i++) {
      const answer = await refresh(test.app, refreshToken);
      expect(answer.statusCode).toBe(200);
      refreshToken = refreshCookieOf(answer);
    }
  });

  it('end with logging out: the family is revoked and the cookie cleared', async () => {
    const { refreshToken } = await login(test.app, ...BIDDER);
    const out = await test.app.inject({
      method: 'DELETE',
      url: '/api/account/refresh',
      headers: { cookie: `auction_refresh=${refreshToken}` },
    });
    expect(out.statusCode).toBe(204);
    expect(refreshCookieOf(out)).toBe('');
    expect((await refresh(test.app, refreshToken)).statusCode).toBe(401);
    // Logging out without a session is not an error.
    expect((await test.app.inject({ method: 'DELETE', url: '/api/account/refresh' })).statusCode).toBe(204);
  });

  it('refuse a missing cookie, a forged one and an access token in its place', async () => {
    const { body } = await login(test.app, ...BIDDER);
    expect((await refresh(test.app, undefined)).statusCode).toBe(401);
    expect((await refresh(test.app, 'abc.def.ghi')).statusCode).toBe(401);
    expect((await refresh(test.app, body.token)).statusCode).toBe(401);
  });
});
