import { describe, expect, it } from 'vitest';
import { callAs, firstLink, login, refresh, registerConfirmed, sixDigitCode } from '../../../accounts/accountFlows.ts';
import { useTestApp } from '../../../useTestApp.ts';

const test = useTestApp();

function patch(token: string, operations: object[]) {
  return callAs(test.app, token, 'PATCH', '/api/account', operations);
}

describe('profile', () => {
  it('saves only the fields sent, and a phone change needs validating again', async () => {
    const bidder = await registerConfirmed(test);
    await test.database.db
      .updateTable('users')
      .set({ phone_number_confirmed: true })
      .where('id', '=', bidder.id)
      .execute();
    const response = await patch(bidder.token, [
      { op: 'add', path: '/firstName', value: 'Éloïse' },
      { op: 'add', path: '/preferredCurrencyCode', value: 'USD' },
      { op: 'add', path: '/preferredLanguage', value: 1 },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      messages: ['saved_successfully'],
      preferredLanguage: { code: 'en' },
      bidder: { firstName: 'Éloïse', lastName: 'Gagnon', preferredCurrencyCode: 'USD', phoneNumberConfirmed: true },
    });
    const phone = await patch(bidder.token, [{ path: '/phoneNumber', value: '(819) 555-0142' }]);
    expect(phone.json().bidder).toMatchObject({ phoneNumber: '(819) 555-0142', phoneNumberConfirmed: false });
  });

  it('refuses a nickname or phone of someone else, an unknown field and a bad postal code, changing nothing', async () => {
    const a = await registerConfirmed(test);
    const b = await registerConfirmed(test);
    const nick = await patch(b.token, [
      { path: '/nickName', value: a.body.nickName },
      { path: '/lastName', value: 'Changed' },
    ]);
    expect(nick.statusCode).toBe(400);
    expect(nick.json().messages).toEqual(['unique_nickname']);
    const phone = await patch(b.token, [{ path: '/phoneNumber', value: a.body.cellphone }]);
    expect(phone.json().messages).toEqual(['unique_phone_number']);
    const unknown = await patch(b.token, [{ path: '/roles', value: [1] }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().messages).toEqual(['unknown_field']);
    const postal = await patch(b.token, [{ path: '/postalCode', value: 'ABC' }]);
    expect(postal.json().messages).toEqual(['invalid_postal_code']);
    const me = await callAs(test.app, b.token, 'GET', '/api/account');
    expect(me.json().bidder.lastName).toBe('Gagnon');
    expect(me.json().roles).toEqual([{ role: 3 }]);
  });

  it('keeps at least one notification method on', async () => {
    const bidder = await registerConfirmed(test);
    const off = await patch(bidder.token, [
      { path: '/smsGeneralNotifications', value: false },
      { path: '/emailGeneralNotifications', value: false },
    ]);
    expect(off.statusCode).toBe(400);
    expect(off.json().messages).toEqual(['at_least_one_notification_method']);
    const one = await patch(bidder.token, [{ path: '/smsGeneralNotifications', value: false }]);
    expect(one.json().bidder).toMatchObject({ smsGeneralNotifications: false, emailGeneralNotifications: true });
  });

  it('changes the password: wrong current refused, rules checked, other sessions end, this one continues', async () => {
    const bidder = await registerConfirmed(test);
    const other = await login(test.app, bidder.body.username, bidder.body.password);
    const wrong = await callAs(test.app, bidder.token, 'PUT', '/api/account/update-password', {
      currentPassword: 'Not-It-2026!',
      newPassword: 'New-Pass-2026!',
      confirmNewPassword: 'New-Pass-2026!',
    });
    expect(wrong.json().messages).toEqual(['password_invalid']);
    const weak = await callAs(test.app, bidder.token, 'PUT', '/api/account/update-password', {
      currentPassword: bidder.body.password,
      newPassword: 'aaaaaaaa',
      confirmNewPassword: 'aaaaaaab',
    });
    expect(weak.json().messages).toEqual(
      expect.arrayContaining(['password_requires_upper', 'password_requires_unique_chars', 'passwords_must_match']),
    );
    const ok = await callAs(test.app, bidder.token, 'PUT', '/api/account/update-password', {
      currentPassword: bidder.body.password,
      newPassword: 'Autumn-Leaves-77',
      confirmNewPassword: 'Autumn-Leaves-77',
    });
    expect(ok.json()).toMatchObject({ success: true, messages: ['password_change_successful'] });
    const stale = await callAs(test.app, other.body.token, 'GET', '/api/account');
    expect(stale.statusCode).toBe(401);
    const staleRefresh = await refresh(test.app, other.refreshToken);
    expect(staleRefresh.statusCode).toBe(401);
    const fresh = await callAs(test.app, ok.json().token, 'GET', '/api/account');
    expect(fresh.statusCode).toBe(200);
    expect((await login(test.app, bidder.body.username, 'Autumn-Leaves-77')).status).toBe(200);
    await test.messaging.outbox.waitFor(bidder.body.username, { template: 'passwordChanged' });
  });

  it('changes the email: must match, not taken, logs out everywhere, and the new address must be confirmed', async () => {
    const bidder = await registerConfirmed(test);
    const other = await registerConfirmed(test);
    const mismatch = await callAs(test.app, bidder.token, 'PUT', '/api/account/update-username', {
      newUserName: 'a@example.com',
      confirmNewUserName: 'b@example.com',
    });
    expect(mismatch.json().messages).toEqual(['emails_must_match']);
    const taken = await callAs(test.app, bidder.token, 'PUT', '/api/account/update-username', {
      newUserName: other.body.username,
      confirmNewUserName: other.body.username,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().messages).toEqual(['duplicate_user_name']);

    const newEmail = `moved.${Date.now()}@example.com`;
    const ok = await callAs(test.app, bidder.token, 'PUT', '/api/account/update-username', {
      newUserName: newEmail,
      confirmNewUserName: newEmail,
    });
    expect(ok.json()).toMatchObject({ success: true, messages: ['username_change_successful'] });
    expect((await callAs(test.app, bidder.token, 'GET', '/api/account')).statusCode).toBe(401);
    await test.messaging.outbox.waitFor(bidder.body.username, { template: 'usernameChanged' });
    expect((await login(test.app, newEmail, bidder.body.password)).body.message).toBe('email_not_verified');
    const mail = await test.messaging.outbox.waitFor(newEmail, { template: 'emailConfirmation' });
    await test.app.inject({
      method: 'POST',
      url: '/api/account/email-confirmation',
      payload: { username: newEmail, token: firstLink(mail.body).searchParams.get('token') },
    });
    expect((await login(test.app, newEmail, bidder.body.password)).status).toBe(200);
  });

  it('validates the phone with a texted code; a wrong code counts against a limit', async () => {
    const bidder = await registerConfirmed(test);
    const sent = await callAs(test.app, bidder.token, 'POST', '/api/account/create-validation-code');
    expect(sent.json()).toEqual({ phoneNumberValidated: false, messages: ['sent_validation_code'] });
    const digits = bidder.body.cellphone.replace(/\D/g, '');
    const sms = await test.messaging.outbox.waitFor(digits, { template: 'phoneValidationCode' });
    const code = sixDigitCode(sms.body);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await callAs(test.app, bidder.token, 'POST', `/api/account/validate-phone-number/${wrongCode}`);
    expect(wrong.json()).toBe(false);
    const right = await callAs(test.app, bidder.token, 'POST', `/api/account/validate-phone-number/${code}`);
    expect(right.json()).toBe(true);
    const me = await callAs(test.app, bidder.token, 'GET', '/api/account');
    expect(me.json().bidder.phoneNumberConfirmed).toBe(true);
    const again = await callAs(test.app, bidder.token, 'POST', '/api/account/create-validation-code');
    expect(again.json().phoneNumberValidated).toBe(true);
  });

  it('confirms with a code only the number it was texted to, not a number put on the profile since', async () => {
    const bidder = await registerConfirmed(test);
    await callAs(test.app, bidder.token, 'POST', '/api/account/create-validation-code');
    const sms = await test.messaging.outbox.waitFor(bidder.body.cellphone.replace(/\D/g, ''), {
      template: 'phoneValidationCode',
    });
    const code = sixDigitCode(sms.body);
    // Someone else's number, never texted: the code from one's own must not confirm it.
    const stranger = `(438) 555-${String(1000 + Math.floor(Math.random() * 9000))}`;
    expect((await patch(bidder.token, [{ op: 'replace', path: '/phoneNumber', value: stranger }])).statusCode).toBe(
      200,
    );
    const checked = await callAs(test.app, bidder.token, 'POST', `/api/account/validate-phone-number/${code}`);
    expect(checked.json()).toBe(false);
    const me = await callAs(test.app, bidder.token, 'GET', '/api/account');
    expect(me.json().bidder).toMatchObject({ phoneNumber: stranger, phoneNumberConfirmed: false });
  });

  it('spends a phone code after five wrong tries', async () => {
    const bidder = await registerConfirmed(test);
    await callAs(test.app, bidder.token, 'POST', '/api/account/create-validation-code');
    const sms = await test.messaging.outbox.waitFor(bidder.body.cellphone.replace(/\D/g, ''), {
      template: 'phoneValidationCode',
    });
    const code = sixDigitCode(sms.body);
    const wrongCode = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) {
      await callAs(test.app, bidder.token, 'POST', `/api/account/validate-phone-number/${wrongCode}`);
    }
    const late = await callAs(test.app, bidder.token, 'POST', `/api/account/validate-phone-number/${code}`);
    expect(late.json()).toBe(false);
  });
});

describe('temporary passwords', () => {
  it('lets an administrator set one; the account must reset it before anything else', async () => {
    const bidder = await registerConfirmed(test);
    const admin = await login(test.app, 'admin@demo.local', 'Demo-Admin-2026!');
    const notAdmin = await callAs(test.app, bidder.token, 'POST', '/api/account/temporary-password', {
      userId: bidder.id,
    });
    expect(notAdmin.statusCode).toBe(403);
    const made = await callAs(test.app, admin.body.token, 'POST', '/api/account/temporary-password', {
      userId: bidder.id,
    });
    expect(made.statusCode).toBe(200);
    const temporaryPassword = made.json().temporaryPassword as string;
    const mail = await test.messaging.outbox.waitFor(bidder.body.username, { template: 'temporaryPassword' });
    expect(mail.body).toContain(temporaryPassword);

    expect((await login(test.app, bidder.body.username, bidder.body.password)).body.message).toBe('password_invalid');
    const session = await login(test.app, bidder.body.username, temporaryPassword);
    expect(session.body.hasTemporaryPassword).toBe(true);
    const blocked = await callAs(test.app, session.body.token, 'PATCH', '/api/account', [
      { path: '/firstName', value: 'X' },
    ]);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe('temporary_password_must_be_reset');
    const mismatch = await callAs(test.app, session.body.token, 'POST', '/api/account/reset-temporary-password', {
      newPassword: 'Fresh-Start-2026',
      confirmNewPassword: 'Fresh-Start-2027',
    });
    expect(mismatch.json().messages).toEqual(['password_no_match']);
    const reset = await callAs(test.app, session.body.token, 'POST', '/api/account/reset-temporary-password', {
      newPassword: 'Fresh-Start-2026',
      confirmNewPassword: 'Fresh-Start-2026',
    });
    expect(reset.json()).toMatchObject({ success: true, hasTemporaryPassword: false });
    const allowed = await callAs(test.app, reset.json().token, 'PATCH', '/api/account', [
      { path: '/firstName', value: 'Xavière' },
    ]);
    expect(allowed.statusCode).toBe(200);
  });
});
