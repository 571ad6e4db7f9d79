import { AuctionStatus, AuctionType } from '@auction/contract';
import { describe, expect, it } from 'vitest';
import { bearer, firstLink, login, newBidder, register, registerConfirmed } from '../../../accounts/accountFlows.ts';
import { TEST_PUBLIC_URL } from '../../../testApp.ts';
import { useTestApp } from '../../../useTestApp.ts';

const test = useTestApp();

describe('registration', () => {
  it('creates a bidder, logs them in and emails a confirmation link in their language', async () => {
    const body = newBidder({ language: 'en' });
    const response = await register(test.app, body);
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile).toMatchObject({
      success: true,
      username: body.username,
      roles: [{ role: 3 }],
      preferredLanguage: { code: 'en' },
      bidder: {
        nickName: body.nickName,
        phoneNumber: body.cellphone,
        phoneNumberConfirmed: false,
        smsGeneralNotifications: true,
        emailGeneralNotifications: true,
        preferredCurrencyCode: 'CAD',
      },
    });
    const me = await test.app.inject({ method: 'GET', url: '/api/account', headers: bearer(profile.token) });
    expect(me.statusCode).toBe(200);

    const mail = await test.messaging.outbox.waitFor(body.username, { template: 'emailConfirmation' });
    const link = firstLink(mail.body);
    expect(link.origin).toBe(TEST_PUBLIC_URL);
    expect(link.pathname).toBe(`/en/email-confirmation/${encodeURIComponent(body.username)}`);

    const confirmed = await test.app.inject({
      method: 'POST',
      url: '/api/account/email-confirmation',
      payload: { username: body.username, token: link.searchParams.get('token') },
    });
    expect(confirmed.json()).toMatchObject({ success: true });
    expect((await login(test.app, body.username, body.password)).status).toBe(200);
    // A confirmation link works once.
    const again = await test.app.inject({
      method: 'POST',
      url: '/api/account/email-confirmation',
      payload: { username: body.username, token: link.searchParams.get('token') },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().messages).toEqual(['invalid_token']);
  });

  it('writes the French confirmation on a French path', async () => {
    const body = newBidder({ language: 'fr' });
    expect((await register(test.app, body)).statusCode).toBe(200);
    const mail = await test.messaging.outbox.waitFor(body.username, { template: 'emailConfirmation' });
    expect(firstLink(mail.body).pathname).toMatch(/^\/confirmation-courriel\//);
  });

  it('reports every problem at once as message keys and creates nothing', async () => {
    const taken = await registerConfirmed(test);
    const body = newBidder({
      username: taken.body.username.toUpperCase(),
      nickName: taken.body.nickName.toLowerCase(),
      cellphone: taken.body.cellphone,
      password: 'short',
      confirmPassword: 'different',
    });
    const response = await register(test.app, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
    expect(response.json().messages).toEqual(
      expect.arrayContaining([
        'password_too_short',
        'password_requires_upper',
        'password_requires_digit',
        'password_requires_non_alphanumeric',
        'passwords_must_match',
        'unique_phone_number',
        'unique_nickname',
        'duplicate_user_name',
      ]),
    );
    const count = await test.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('nick_name', '=', body.nickName)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('validates formats with keys: email, phone, required fields', async () => {
    const response = await register(
      test.app,
      newBidder({ username: 'not-an-email', cellphone: '555-12', firstName: '' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().messages).toEqual(expect.arrayContaining(['email_invalid', 'field_required']));
    const phone = await register(test.app, newBidder({ cellphone: '(012) 555-1234' }));
    expect(phone.json().messages).toContain('invalid_phone_number');
  });

  it('requires the address when the auction requires it to bid, and checks the postal code', async () => {
    const gala = await test.auctionId('demo-gala');
    await test.database.db
      .updateTable('auctions')
      .set({ require_address_to_bid: true })
      .where('id', '=', gala)
      .execute();
    const inMontreal = { auctionId: gala, address: '1200 rue Sainte-Catherine', city: 'Montréal', country: 'Canada' };
    try {
      const missing = await register(test.app, newBidder({ auctionId: gala }));
      expect(missing.statusCode).toBe(400);
      expect(missing.json().messages).toContain('invalid_address');

      const badPostal = await register(
        test.app,
        newBidder({ ...inMontreal, province: 'Québec', postalCode: '12345X' }),
      );
      expect(badPostal.json().messages).toContain('invalid_postal_code');

      const ok = await register(
        test.app,
        newBidder({ ...inMontreal, apartment: '4', province: 'Quebec', postalCode: 'h3b1k9' }),
      );
      expect(ok.statusCode).toBe(200);
      expect(ok.json().bidder).toMatchObject({ postalCode: 'H3B 1K9', provinceEnum: 11, addressCompleted: true });
      // Registering from an auction marks the bidder as having visited it.
      expect(ok.json().activeUrlMagicLinks).toContain('demo-gala');
    } finally {
      await test.database.db
        .updateTable('auctions')
        .set({ require_address_to_bid: false })
        .where('id', '=', gala)
        .execute();
    }
  });

  it('turns SMS on only with a complete 14-character formatted phone', async () => {
    const unformatted = await register(test.app, newBidder({ cellphone: '4385559876', sendSMSNotifications: true }));
    expect(unformatted.statusCode).toBe(200);
    expect(unformatted.json().bidder).toMatchObject({ smsGeneralNotifications: false, smsOutbidNotifications: false });
    const formatted = await register(test.app, newBidder({ cellphone: '(438) 555-9875', sendSMSNotifications: true }));
    expect(formatted.json().bidder.smsGeneralNotifications).toBe(true);
    const none = await register(
      test.app,
      newBidder({ cellphone: '4385559874', sendSMSNotifications: true, sendEmailNotifications: false }),
    );
    expect(none.json().messages).toEqual(['at_least_one_notification_method']);
  });

  it('checks nickname and phone uniqueness for the registration screen', async () => {
    const taken = await registerConfirmed(test);
    const nick = await test.app.inject({
      method: 'GET',
      url: `/api/account/unique-nickname?nickName=${encodeURIComponent(taken.body.nickName.toUpperCase())}`,
    });
    expect(nick.json()).toBe(false);
    const own = await test.app.inject({
      method: 'GET',
      url: `/api/account/unique-nickname?nickName=${encodeURIComponent(taken.body.nickName)}&userId=${taken.id}`,
    });
    expect(own.json()).toBe(true);
    const phone = await test.app.inject({
      method: 'GET',
      url: `/api/account/unique-phone-number?phoneNumber=${encodeURIComponent(taken.body.cellphone)}`,
    });
    expect(phone.json()).toBe(false);
    const free = await test.app.inject({
      method: 'GET',
      url: '/api/account/unique-phone-number?phoneNumber=8195550000',
    });
    expect(free.json()).toBe(true);
    const bad = await test.app.inject({ method: 'GET', url: '/api/account/unique-phone-number?phoneNumber=12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual(['invalid_phone_number']);
  });

  it('resends the confirmation link on request', async () => {
    const body = newBidder();
    await register(test.app, body);
    const first = await test.messaging.outbox.waitFor(body.username, { template: 'emailConfirmation' });
    const resend = await test.app.inject({
      method: 'POST',
      url: '/api/account/resend-email-confirmation',
      payload: { username: body.username },
    });
    expect(resend.json().messages).toEqual(['email_confirmation_sent']);
    const second = await test.messaging.outbox.waitFor(body.username, {
      template: 'emailConfirmation',
      afterId: first.id,
    });
    expect(second.body).not.toBe(first.body);
  });
  // Registering "from" a private auction would make a stranger one of its bidders and tell them its link.
  it('joins a private auction by its invitation only; otherwise answers it as unknown and creates nobody', async () => {
    const spring = await test.auctionId('demo-printemps');
    await test.database.db
      .updateTable('auctions')
      .set({ type: AuctionType.PrivateEvent, status: AuctionStatus.Active })
      .where('id', '=', spring)
      .execute();
    const stranger = newBidder({ auctionId: spring });
    const refused = await register(test.app, stranger);
    expect([refused.statusCode, refused.json().messages]).toEqual([400, ['auction_not_found']]);
    const created = await test.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', stranger.username as string)
      .execute();
    expect(created).toEqual([]);

    const admin = await login(test.app, 'admin@demo.local', 'Demo-Admin-2026!');
    const invited = newBidder({ auctionId: spring });
    const sent = await test.app.inject({
      method: 'POST',
      url: '/api/onboarding/invite-via-client-app',
      headers: bearer(admin.body.token),
      payload: { phoneNumber: invited.cellphone, firstName: 'Ann', lastName: 'Lee', auctionId: spring },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const text = await test.messaging.outbox.waitFor(String(invited.cellphone).replace(/\D/g, ''), {
      template: 'onboardingInvite',
    });
    const uniqueCode = firstLink(text.body).pathname.split('/').pop() as string;
    const joined = await register(test.app, { ...invited, uniqueCode });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().activeUrlMagicLinks).toContain('demo-printemps');
  });
});
