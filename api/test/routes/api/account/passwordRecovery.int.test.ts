import { describe, expect, it } from 'vitest';
import * as accountFlows from '../../../accounts/accountFlows.ts';
import { useTestApp } from '../../../useTestApp.ts';

const test = useTestApp();

describe('password recovery by email', () => {
  it('emails a reset link that sets a new password once', async () => {
    const bidder = await accountFlows.registerConfirmed(test, { language: 'en' });
    const sent = await accountFlows.recoverByEmail(test.app, bidder.body.username.toUpperCase(), {
      urlMagicLink: 'demo-gala',
      companyId: 1,
    });
    expect(sent.json()).toEqual({ success: true, messages: ['password_recovery_email_sent'] });
    const mail = await test.messaging.outbox.waitFor(bidder.body.username, { template: 'passwordRecoveryEmail' });
    const link = accountFlows.firstLink(mail.body);
    expect(link.pathname).toBe(`/en/reset-password/${encodeURIComponent(bidder.body.username)}`);
    expect(link.searchParams.get('auction')).toBe('demo-gala');
    const token = link.searchParams.get('token');

    const mismatch = await accountFlows.resetPassword(
      test.app,
      token,
      bidder.body.username,
      'Winter-Gala-2026',
      'Winter-Gala-2027',
    );
    expect(mismatch.json().messages).toEqual(['passwords_must_match']);
    const reset = await accountFlows.resetPassword(
      test.app,
      token,
      bidder.body.username,
      'Winter-Gala-2026',
      'Winter-Gala-2026',
    );
    expect(reset.json()).toEqual({ success: true, messages: ['password_reset_successful'] });
    expect((await accountFlows.login(test.app, bidder.body.username, 'Winter-Gala-2026')).status).toBe(200);
    // The old session ended with the reset.
    expect(
      (
        await test.app.inject({
          method: 'GET',
          url: '/api/account',
          headers: { authorization: `Bearer ${bidder.token}` },
        })
      ).statusCode,
    ).toBe(401);
    const reuse = await accountFlows.resetPassword(
      test.app,
      token,
      bidder.body.username,
      'Another-One-2026',
      'Another-One-2026',
    );
    expect(reuse.json().messages).toEqual(['invalid_token']);
  });

  it('says when the email is not linked to an account, and validates the email', async () => {
    const none = await accountFlows.recoverByEmail(test.app, 'nobody-here@example.com');
    expect(none.statusCode).toBe(404);
    expect(none.json().messages).toEqual(['email_not_linked_to_account']);
    const empty = await accountFlows.recoverByEmail(test.app, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().messages).toEqual(['field_required']);
  });
});

describe('password recovery by phone', () => {
  it('walks the masked email hint, the full email, the SMS code and the reset', async () => {
    const bidder = await accountFlows.registerConfirmed(test, { username: `jeanne.${Date.now()}@exemple.ca` });
    const digits = bidder.body.cellphone.replace(/\D/g, '');
    const hint = await test.app.inject({ method: 'GET', url: `/api/account/masked-email-for-recovery/${digits}` });
    expect(hint.json()).toEqual({ success: true, email: 'j***@e***.ca', messages: [] });

    const wrongEmail = await test.app.inject({
      method: 'POST',
      url: '/api/account/password-recovery-phone',
      payload: { value: bidder.body.cellphone, maskedEmail: 'someone.else@exemple.ca' },
    });
    expect(wrongEmail.json().messages).toEqual(['email_does_not_match_phone']);

    const sent = await test.app.inject({
      method: 'POST',
      url: '/api/account/password-recovery-phone',
      payload: { value: bidder.body.cellphone, maskedEmail: bidder.body.username, urlMagicLink: 'demo-gala' },
    });
    expect(sent.json()).toMatchObject({ success: true, messages: ['sent_validation_code'] });
    const sms = await test.messaging.outbox.waitFor(digits, { template: 'passwordRecoveryCode' });
    expect(sms.body).toMatch(/code/i);
    const code = accountFlows.sixDigitCode(sms.body);

    const wrongCode = code === '123456' ? '654321' : '123456';
    const bad = await accountFlows.verifyRecoveryCode(test.app, wrongCode, bidder.body.username);
    expect(bad.statusCode).toBe(400);
    // A wrong code is one error, not two.
    expect(bad.json().messages).toEqual(['code_does_not_match_or_expired']);

    const verified = await accountFlows.verifyRecoveryCode(test.app, code, bidder.body.username);
    expect(verified.json()).toMatchObject({ success: true, messages: ['validatedSuccessfully'] });
    const reset = await accountFlows.resetPassword(
      test.app,
      verified.json().token,
      bidder.body.username,
      'Phone-Path-2026',
      'Phone-Path-2026',
    );
    expect(reset.json().success).toBe(true);
    expect((await accountFlows.login(test.app, bidder.body.username, 'Phone-Path-2026')).status).toBe(200);
    // The code was spent by the verification.
    const replay = await accountFlows.verifyRecoveryCode(test.app, code, bidder.body.username);
    expect(replay.statusCode).toBe(400);
  });

  it('refuses an expired code', async () => {
    const bidder = await accountFlows.registerConfirmed(test);
    const code = await accountFlows.recoveryCodeByPhone(test, bidder);
    await test.database.db
      .updateTable('account_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', bidder.id)
      .execute();
    const late = await accountFlows.verifyRecoveryCode(test.app, code, bidder.body.username);
    expect(late.statusCode).toBe(400);
  });

  it('answers phone_not_linked_to_account for an unknown number and 400 for a malformed one', async () => {
    const unknown = await test.app.inject({ method: 'GET', url: '/api/account/masked-email-for-recovery/8195550111' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().messages).toEqual(['phone_not_linked_to_account']);
    const malformed = await test.app.inject({ method: 'GET', url: '/api/account/masked-email-for-recovery/12ab' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().messages).toEqual(['invalid_phone_number']);
  });

  it('does not text a number that replied STOP', async () => {
    const bidder = await accountFlows.registerConfirmed(test);
    const digits = bidder.body.cellphone.replace(/\D/g, '');
    await test.database.db.insertInto('sms_opt_outs').values({ phone_number: digits }).execute();
    const refused = await test.app.inject({
      method: 'POST',
      url: '/api/account/password-recovery-phone',
      payload: { value: digits, maskedEmail: bidder.body.username },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().messages).toEqual(['user_has_send_stop_date']);
  });
});
