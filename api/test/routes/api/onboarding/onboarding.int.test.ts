import { describe, expect, it } from 'vitest';
import {
  bearer,
  callAs,
  firstLink,
  login,
  newBidder,
  register,
  registerConfirmed,
} from '../../../accounts/accountFlows.ts';
import { useTestApp } from '../../../useTestApp.ts';

const test = useTestApp();

function invite(token: string, payload: Record<string, unknown>) {
  return test.app.inject({
    method: 'POST',
    url: '/api/onboarding/invite-via-client-app',
    headers: bearer(token),
    payload,
  });
}

describe('invitations', () => {
  it('texts a newcomer in the language of the page the invitation was sent from, an account holder in theirs', async () => {
    const admin = await login(test.app, 'admin@demo.local', 'Demo-Admin-2026!');
    const fromEnglishPage = await test.app.inject({
      method: 'POST',
      url: '/api/onboarding/invite-via-client-app',
      headers: { ...bearer(admin.body.token), 'accept-language': 'en-CA,en;q=0.9' },
      payload: { phoneNumber: '(579) 555-0177', firstName: 'Ann', lastName: 'Lee', auctionId: test.galaId },
    });
    expect(fromEnglishPage.statusCode).toBe(200);
    const english = await test.messaging.outbox.waitFor('5795550177', { template: 'onboardingInvite' });
    expect(english.body).toMatch(/^Hello Ann, /);
    expect(firstLink(english.body).pathname).toMatch(/^\/en\/onboard\//);

    const french = await registerConfirmed(test, { language: 'fr' });
    await test.app.inject({
      method: 'POST',
      url: '/api/onboarding/invite-via-client-app',
      headers: { ...bearer(admin.body.token), 'accept-language': 'en' },
      payload: { phoneNumber: french.body.cellphone, auctionId: test.galaId },
    });
    const digits = french.body.cellphone.replace(/\D/g, '');
    const toFrench = await test.messaging.outbox.waitFor(digits, { template: 'onboardingInvite' });
    expect(toFrench.body).toMatch(/^Bonjour /);
  });

  it('lets volunteers, managers and administrators invite; bidders and anonymous visitors may not', async () => {
    for (const [index, [username, password]] of (
      [
        ['volunteer@demo.local', 'Demo-Volunteer-2026!'],
        ['manager@demo.local', 'Demo-Manager-2026!'],
        ['admin@demo.local', 'Demo-Admin-2026!'],
      ] as const
    ).entries()) {
      const { body } = await login(test.app, username, password);
      const phone = `(450) 555-${2001 + index}`;
      const response = await invite(body.token, {
        phoneNumber: phone,
        firstName: 'Zoé',
        lastName: 'Roy',
        auctionId: test.galaId,
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Invitation sent');
    }
    const bidder = await login(test.app, 'bidder@demo.local', 'Demo-Bidder-2026!');
    const denied = await invite(bidder.body.token, { phoneNumber: '4505550001', auctionId: test.galaId });
    expect(denied.statusCode).toBe(403);
    const anonymous = await test.app.inject({
      method: 'POST',
      url: '/api/onboarding/invite-via-client-app',
      payload: { phoneNumber: '4505550001', auctionId: test.galaId },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('texts an on-board link that prefills registration, and registering uses the invitation up', async () => {
    const volunteer = await login(test.app, 'volunteer@demo.local', 'Demo-Volunteer-2026!');
    const sent = await invite(volunteer.body.token, {
      phoneNumber: '(579) 555-0123',
      firstName: 'Léa',
      lastName: 'Côté',
      auctionId: test.galaId,
    });
    expect(sent.body).toBe('Invitation sent to (579) 555-0123');
    const sms = await test.messaging.outbox.waitFor('5795550123', { template: 'onboardingInvite' });
    const link = firstLink(sms.body);
    expect(link.pathname).toMatch(/^\/embarquement\/[\w-]+$/);
    const uniqueCode = link.pathname.split('/').pop() as string;

    const info = await test.app.inject({
      method: 'GET',
      url: `/api/onboarding/on-board-info?uniqueCode=${uniqueCode}`,
    });
    expect(info.json()).toMatchObject({
      firstName: 'Léa',
      lastName: 'Côté',
      phoneNumber: '(579) 555-0123',
      auctionId: test.galaId,
      urlMagicLink: 'demo-gala',
    });
    const prefill = await test.app.inject({ method: 'GET', url: '/api/account/get-by-username?username=5795550123' });
    expect(prefill.json()).toEqual({
      firstName: 'Léa',
      lastName: 'Côté',
      phoneNumber: '(579) 555-0123',
      urlMagicLink: 'demo-gala',
    });

    const registered = await register(
      test.app,
      newBidder({
        cellphone: '(579) 555-0123',
        firstName: 'Léa',
        lastName: 'Côté',
        auctionId: test.galaId,
        uniqueCode,
      }),
    );
    expect(registered.statusCode).toBe(200);
    const used = await test.app.inject({
      method: 'GET',
      url: `/api/onboarding/on-board-info?uniqueCode=${uniqueCode}`,
    });
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe('invitation_already_used');
    const unknown = await test.app.inject({ method: 'GET', url: '/api/onboarding/on-board-info?uniqueCode=nope' });
    expect(unknown.statusCode).toBe(404);
  });

  it('never reveals an existing account through get-by-username', async () => {
    const prefill = await test.app.inject({
      method: 'GET',
      url: '/api/account/get-by-username?username=bidder@demo.local',
    });
    expect(prefill.statusCode).toBe(404);
  });

  it('answers STOP and texts nothing when the number replied STOP', async () => {
    const admin = await login(test.app, 'admin@demo.local', 'Demo-Admin-2026!');
    await test.database.db.insertInto('sms_opt_outs').values({ phone_number: '5795550999' }).execute();
    const response = await invite(admin.body.token, {
      phoneNumber: '579-555-0999',
      firstName: 'A',
      lastName: 'B',
      auctionId: test.galaId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('STOP');
    const invitations = await test.database.db
      .selectFrom('onboarding_invitations')
      .selectAll()
      .where('phone_number', '=', '5795550999')
      .execute();
    expect(invitations).toEqual([]);
  });

  it('validates the invitation', async () => {
    const admin = await login(test.app, 'admin@demo.local', 'Demo-Admin-2026!');
    const bad = await invite(admin.body.token, { phoneNumber: '12', auctionId: test.galaId });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual(['invalid_phone_number']);
    const noAuction = await invite(admin.body.token, { phoneNumber: '5795550777', auctionId: 999999 });
    expect(noAuction.statusCode).toBe(404);
  });
});

describe('bidder status per auction', () => {
  it('marks a visiting bidder Visited, and an operator lock denies them', async () => {
    const bidder = await registerConfirmed(test);
    const visited = await callAs(test.app, bidder.token, 'POST', '/api/auctions/set-auction-status/demo-gala/Visited');
    expect(visited.json()).toEqual({
      auctionBidderStatus: 2,
      auctionBidderStatusName: 'Visited',
      bidderHasAcceptedCreditCardFees: null,
    });
    const selfLock = await callAs(test.app, bidder.token, 'POST', '/api/auctions/set-auction-status/demo-gala/Locked');
    expect(selfLock.statusCode).toBe(403);

    const manager = await login(test.app, 'manager@demo.local', 'Demo-Manager-2026!');
    const locked = await callAs(
      test.app,
      manager.body.token,
      'PUT',
      `/api/auctions/${test.galaId}/bidders/${bidder.id}/status`,
      { status: 'Locked' },
    );
    expect(locked.json()).toEqual({ auctionBidderStatus: 3, auctionBidderStatusName: 'Locked' });
    const denied = await callAs(test.app, bidder.token, 'POST', '/api/auctions/set-auction-status/demo-gala/2');
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ message: 'bidder_locked', auctionBidderStatus: 3 });
    const profile = await test.app.inject({ method: 'GET', url: '/api/account', headers: bearer(bidder.token) });
    expect(profile.json().activeUrlMagicLinks).not.toContain('demo-gala');

    const byBidder = await callAs(
      test.app,
      bidder.token,
      'PUT',
      `/api/auctions/${test.galaId}/bidders/${bidder.id}/status`,
      { status: 'Visited' },
    );
    expect(byBidder.statusCode).toBe(403);
    // An unknown auction, then an unknown status.
    for (const [url, status] of [
      ['/api/auctions/set-auction-status/no-such-auction/Visited', 404],
      ['/api/auctions/set-auction-status/demo-gala/Sleeping', 400],
    ] as const) {
      expect((await callAs(test.app, bidder.token, 'POST', url)).statusCode, url).toBe(status);
    }
  });
});
