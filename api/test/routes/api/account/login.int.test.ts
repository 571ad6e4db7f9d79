import { describe, expect, it, vi } from 'vitest';
import {
  bearer,
  callAs,
  firstLink,
  login,
  newBidder,
  refresh,
  register,
  registerConfirmed,
} from '../../../accounts/accountFlows.ts';
import { useTestApp } from '../../../useTestApp.ts';

const test = useTestApp();

describe('login: authenticate then token', () => {
  it('answers the profile with tokens for a demo bidder', async () => {
    const { status, body, refreshToken } = await login(test.app, 'bidder@demo.local', 'Demo-Bidder-2026!');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      username: 'bidder@demo.local',
      isLoggedIn: true,
      hasTemporaryPassword: false,
      roles: [{ role: 3 }],
      preferredLanguage: { value: 2, code: 'fr' },
      bidder: { nickName: 'Marie_L', email: 'bidder@demo.local', phoneNumber: '(514) 555-0104' },
    });
    expect(body.token).toEqual(expect.any(String));
    // The refresh token is only in its httpOnly cookie, never in the answer a script reads.
    expect(body.refreshToken).toBeUndefined();
    expect(refreshToken).toEqual(expect.any(String));
    expect(body.expiresIn).toBe(900);
    const me = await test.app.inject({ method: 'GET', url: '/api/account', headers: bearer(body.token) });
    expect(me.json().id).toBe(body.id);
  });

  it('accepts the form-encoded password grant and a phone number as username', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/account/authenticate',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=514-555-0104&password=Demo-Bidder-2026!&grant_type=password',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ token_type: 'bearer', userName: 'bidder@demo.local' });
  });

  it('gives administrators and managers their trusted auction links', async () => {
    const admin = await login(test.app, 'admin@demo.local', 'Demo-Admin-2026!');
    expect(admin.body.activeTrustedUrlMagicLinks).toEqual(expect.arrayContaining(['demo-gala', 'demo-printemps']));
    const manager = await login(test.app, 'manager@demo.local', 'Demo-Manager-2026!');
    expect(manager.body.activeTrustedUrlMagicLinks).toContain('demo-gala');
    const bidder = await login(test.app, 'bidder2@demo.local', 'Demo-Bidder-2026!');
    expect(bidder.body.activeTrustedUrlMagicLinks).toEqual([]);
  });

  it('refuses an unknown account, a wrong password, a disabled user and an unconfirmed email, in that order', async () => {
    const unknown = await login(test.app, 'nobody@example.com', 'Whatever-2026!');
    expect(unknown).toMatchObject({ status: 401, body: { message: 'no_account_associated_with_email' } });

    const wrong = await login(test.app, 'bidder@demo.local', 'Wrong-Password-1!');
    expect(wrong).toMatchObject({ status: 401, body: { message: 'password_invalid' } });

    const unconfirmed = newBidder();
    expect((await register(test.app, unconfirmed)).statusCode).toBe(200);
    const notVerified = await login(test.app, unconfirmed.username, unconfirmed.password);
    expect(notVerified).toMatchObject({
      status: 403,
      body: { message: 'email_not_verified', redirectToEmailConfirmation: true, userName: unconfirmed.username },
    });
    // The wrong password is reported before the unconfirmed email: no hint to a guesser.
    const wrongUnconfirmed = await login(test.app, unconfirmed.username, 'Wrong-Password-1!');
    expect(wrongUnconfirmed.body.message).toBe('password_invalid');

    const disabled = await registerConfirmed(test);
    await test.database.db.updateTable('users').set({ disabled: true }).where('id', '=', disabled.id).execute();
    expect(await login(test.app, disabled.body.username, disabled.body.password)).toMatchObject({
      status: 403,
      body: { message: 'user_disabled' },
    });
    // A token issued before the account was disabled stops working too.
    const me = await test.app.inject({ method: 'GET', url: '/api/account', headers: bearer(disabled.token) });
    expect(me.statusCode).toBe(403);
  });

  // Answering the invitation's code to whoever typed the number let anyone register in the invitee's place.
  it('texts an invited phone number that has no account its on-board link again, and never answers the code', async () => {
    const admin = await login(test.app, 'admin@demo.local', 'Demo-Admin-2026!');
    const galaId = await test.auctionId('demo-gala');
    const invite = await callAs(test.app, admin.body.token, 'POST', '/api/onboarding/invite-via-client-app', {
      phoneNumber: '(450) 555-0199',
      firstName: 'Noé',
      lastName: 'Pelletier',
      auctionId: galaId,
    });
    expect(invite.statusCode).toBe(200);
    const invitation = await test.messaging.outbox.waitFor('4505550199', { template: 'onboardingInvite' });
    const onBoardLink = firstLink(invitation.body).pathname;

    const refused = await test.app.inject({
      method: 'POST',
      url: '/api/account/authenticate',
      headers: { 'accept-language': 'en' },
      payload: { username: '(450) 555-0199', password: 'Anything-2026!' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('redirect_onboard_register');
    expect(refused.json().uniqueCode).toBeUndefined();
    expect(refused.body).not.toContain(onBoardLink.split('/').pop());
    // The phone's holder gets the link: the same invitation, in the language of the login page.
    const again = await test.messaging.outbox.waitFor('4505550199', {
      template: 'onboardingInvite',
      afterId: invitation.id,
    });
    expect(firstLink(again.body).pathname).toBe(`/en/onboard/${onBoardLink.split('/').pop()}`);

    // Limited as the SMS codes are (5 per phone in 15 minutes): more logins text nothing more, same answer.
    for (let i = 0; i < 5; i++) {
      const more = await login(test.app, '450-555-0199', 'Anything-2026!');
      expect(more.status).toBe(403);
      expect(more.body.message).toBe('redirect_onboard_register');
    }
    await vi.waitFor(async () => expect(await test.messaging.outbox.list('4505550199')).toHaveLength(6), {
      timeout: 10_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await test.messaging.outbox.list('4505550199')).toHaveLength(6);
  });

  it('renews the access token with the refresh cookie, and refuses an access token in its place', async () => {
    const { body, refreshToken } = await login(test.app, 'bidder2@demo.local', 'Demo-Bidder-2026!', true);
    const renewed = await refresh(test.app, refreshToken);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().refreshToken).toBeUndefined();
    const me = await test.app.inject({ method: 'GET', url: '/api/account', headers: bearer(renewed.json().token) });
    expect(me.statusCode).toBe(200);
    const misuse = await refresh(test.app, body.token);
    expect(misuse.statusCode).toBe(401);
    const refreshAsAccess = await callAs(test.app, refreshToken as string, 'GET', '/api/account');
    expect(refreshAsAccess.statusCode).toBe(401);
  });

  it('refuses missing, malformed and forged tokens with 401 invalid_token', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/api/account' })).json().message).toBe('invalid_token');
    const forged = await test.app.inject({ method: 'GET', url: '/api/account', headers: bearer('abc.def.ghi') });
    expect(forged.statusCode).toBe(401);
  });

  it('answers 400 with message keys for bad input', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/account/authenticate',
      payload: { username: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'validation_failed', messages: ['field_required'] });
  });
});
