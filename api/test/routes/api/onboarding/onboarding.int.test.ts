import { describe, expect, it } from 'vitest';
import {
  bearer,
  callAs,
  confirmPhone,
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

/** An administrator invites this phone to the gala; answers the code of the on-board link texted. */
async function invited(phoneNumber: string) {
  const admin = await login(test.app, 'admin@demo.local', 'Demo-Admin-2026!');
  const sent = await invite(admin.body.token, {
    phoneNumber,
    firstName: 'Léa',
    lastName: 'Côté',
    auctionId: test.galaId,
  });
  if (sent.statusCode !== 200) throw new Error(`invitation refused: ${sent.body}`);
  const text = await test.messaging.outbox.waitFor(phoneNumber.replace(/\D/g, ''), { template: 'onboardingInvite' });
  return { uniqueCode: firstLink(text.body).pathname.split('/').pop() as string };
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
    await confirmPhone(test, french);
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
    const prefill = await test.app.inject({
      method: 'GET',
      url: `/api/account/get-by-username?username=5795550123&uniqueCode=${uniqueCode}`,
    });
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
    // The code reached only that phone: the account has it confirmed.
    expect(registered.json().bidder).toMatchObject({ phoneNumber: '(579) 555-0123', phoneNumberConfirmed: true });
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
      url: '/api/account/get-by-username?username=bidder@demo.local&uniqueCode=anything',
    });
    expect(prefill.statusCode).toBe(404);
  });

  // Typing a phone number told anyone the invitee's name and the private auction's link.
  it("prefills get-by-username only with the invitation's code, never by a phone number alone", async () => {
    const { uniqueCode } = await invited('(579) 555-0131');
    const phoneAlone = await test.app.inject({
      method: 'GET',
      url: '/api/account/get-by-username?username=5795550131',
    });
    expect(phoneAlone.statusCode).toBe(400);
    expect(phoneAlone.body).not.toContain('Côté');
    const otherPhone = await test.app.inject({
      method: 'GET',
      url: `/api/account/get-by-username?username=5795550132&uniqueCode=${uniqueCode}`,
    });
    expect([otherPhone.statusCode, otherPhone.json().message]).toEqual([404, 'invitation_not_found']);
    const wrongCode = await test.app.inject({
      method: 'GET',
      url: '/api/account/get-by-username?username=5795550131&uniqueCode=not-the-code',
    });
    expect(wrongCode.statusCode).toBe(404);
  });

  // The code proves holding the invited phone, no other: registering it with another number took the invitation.
  it("registers from an invitation only with the invitation's phone", async () => {
    const { uniqueCode } = await invited('(579) 555-0141');
    const other = newBidder({ cellphone: '(579) 555-0142', auctionId: test.galaId, uniqueCode });
    const refused = await register(test.app, other);
    expect([refused.statusCode, refused.json().messages]).toEqual([400, ['invitation_phone_mismatch']]);
    const created = await test.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', String(other.username))
      .execute();
    expect(created).toEqual([]);
    const info = await test.app.inject({
      method: 'GET',
      url: `/api/onboarding/on-board-info?uniqueCode=${uniqueCode}`,
    });
    expect(info.statusCode).toBe(200);
    // Any spelling of the invited number will do.
    const own = await register(test.app, newBidder({ cellphone: '579-555-0141', auctionId: test.galaId, uniqueCode }));
    expect(own.statusCode, own.body).toBe(200);
  });

  // Several registrations racing with one code each made an account, and the last one took the admission.
  it('uses an invitation once when registrations race with its code', async () => {
    const { uniqueCode } = await invited('(579) 555-0151');
    const invitation = await test.database.db
      .selectFrom('onboarding_invitations')
      .select('id')
      .where('unique_code', '=', uniqueCode)
      .executeTakeFirstOrThrow();
    // Straight to the account's creation, past the route's check: each racer has a phone of its own,
    // so only the invitation can stop all but one.
    const racers = Array.from({ length: 6 }, (_, i) => {
      const bidder = newBidder();
      return test.app.users.create(
        {
          username: String(bidder.username),
          password_hash: 'x',
          first_name: 'Racer',
          last_name: String(i),
          nick_name: String(bidder.nickName),
          phone_number: `57955502${String(i).padStart(2, '0')}`,
          preferred_language: 'fr',
          roles: [3],
        },
        { invitationId: invitation.id },
      );
    });
    const outcomes = await Promise.allSettled(racers);
    const winners = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(winners).toHaveLength(1);
    const row = await test.database.db
      .selectFrom('onboarding_invitations')
      .select('registered_user_id')
      .where('id', '=', invitation.id)
      .executeTakeFirstOrThrow();
    expect(row.registered_user_id).toBe((winners[0] as PromiseFulfilledResult<string>).value);
    const racersCreated = await test.database.db
      .selectFrom('users')
      .select('id')
      .where('first_name', '=', 'Racer')
      .execute();
    expect(racersCreated).toHaveLength(1);
  });

  it('answers parallel registrations with one code once, the others invitation_not_found', async () => {
    const { uniqueCode } = await invited('(579) 555-0161');
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        register(
          test.app,
          newBidder({ cellphone: '(579) 555-0161', auctionId: test.galaId, uniqueCode }),
          `10.99.0.${i + 1}`,
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect(['invitation_not_found', 'unique_phone_number']).toContain(answer.json().message);
      expect(answer.statusCode).toBeLessThan(500);
    }
  });

  // A number typed into a profile, never confirmed, admitted its typist to the real owner's invitations.
  it('admits an account by its confirmed phone only; an unconfirmed holder is invited as a newcomer', async () => {
    const admin = await login(test.app, 'admin@demo.local', 'Demo-Admin-2026!');
    const squatter = await registerConfirmed(test);
    const claimed = await callAs(test.app, squatter.token, 'PATCH', '/api/account', [
      { op: 'add', path: '/phoneNumber', value: '(579) 555-0171' },
    ]);
    expect(claimed.statusCode, claimed.body).toBe(200);
    const sent = await invite(admin.body.token, {
      phoneNumber: '(579) 555-0171',
      firstName: 'Real',
      lastName: 'Owner',
      auctionId: test.galaId,
    });
    expect(sent.statusCode).toBe(200);
    const text = await test.messaging.outbox.waitFor('5795550171', { template: 'onboardingInvite' });
    // To the owner of the phone, as to a newcomer: the on-board link, addressed by the invitation's name.
    expect(text.body).toMatch(/Real/);
    expect(firstLink(text.body).pathname).toMatch(/\/(embarquement|en\/onboard)\/[\w-]+$/);
    const invitation = await test.database.db
      .selectFrom('onboarding_invitations')
      .select('registered_user_id')
      .where('phone_number', '=', '5795550171')
      .executeTakeFirstOrThrow();
    expect(invitation.registered_user_id).toBeNull();
    const admitted = await test.database.db
      .selectFrom('auction_bidders')
      .select('admitted_at')
      .where('auction_id', '=', test.galaId)
      .where('user_id', '=', squatter.id)
      .executeTakeFirst();
    expect(admitted?.admitted_at ?? null).toBeNull();

    // Confirmed, the same number is the account's: it is admitted and texted the auction's own link.
    const owner = await registerConfirmed(test, { cellphone: '(579) 555-0172' });
    await confirmPhone(test, owner);
    await invite(admin.body.token, { phoneNumber: '(579) 555-0172', auctionId: test.galaId });
    const toOwner = await test.messaging.outbox.waitFor('5795550172', { template: 'onboardingInvite' });
    expect(firstLink(toOwner.body).pathname).toMatch(/demo-gala/);
    const ownerAdmitted = await test.database.db
      .selectFrom('auction_bidders')
      .select('admitted_at')
      .where('auction_id', '=', test.galaId)
      .where('user_id', '=', owner.id)
      .executeTakeFirst();
    expect(ownerAdmitted?.admitted_at).toBeInstanceOf(Date);
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
