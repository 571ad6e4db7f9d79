import { describe, expect, it } from 'vitest';
import {
  callAs,
  firstLink,
  login,
  recoverByEmail,
  recoveryCodeByPhone,
  registerConfirmed,
  resetPassword,
  sixDigitCode,
  verifyRecoveryCode,
} from '../../../accounts/accountFlows.ts';
import { statusesOf } from '../../../fixtures/rateLimits.ts';
import { useTestApp } from '../../../useTestApp.ts';

const test = useTestApp();

describe('rate limits', () => {
  it('stops repeated login attempts on one account with 429, without blocking other accounts', async () => {
    const statuses = await statusesOf(12, (i) =>
      test.app.inject({
        method: 'POST',
        url: '/api/account/authenticate',
        payload: { username: 'bidder2@demo.local', password: `Guess-${i}-Wrong!` },
      }),
    );
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const limited = await test.app.inject({
      method: 'POST',
      url: '/api/account/authenticate',
      payload: { username: 'bidder2@demo.local', password: 'Demo-Bidder-2026!' },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('too_many_requests');
    expect((await login(test.app, 'bidder@demo.local', 'Demo-Bidder-2026!')).status).toBe(200);
  });

  it('limits recovery requests and code checks', async () => {
    const recovery = await statusesOf(6, () => recoverByEmail(test.app, 'volunteer@demo.local'));
    expect(recovery).toEqual([200, 200, 200, 200, 200, 429]);
    const checks = await statusesOf(11, () => verifyRecoveryCode(test.app, '000000', 'manager@demo.local'));
    expect(checks.at(-1)).toBe(429);
  });
});

describe('secrets stay out of the logs', () => {
  it('logs no code, token, identity or password of the flows that carry them', async () => {
    const bidder = await registerConfirmed(test);
    const digits = bidder.body.cellphone.replace(/\D/g, '');
    const code = await recoveryCodeByPhone(test, bidder);
    const verified = await verifyRecoveryCode(test.app, code, bidder.body.username);
    const resetToken = verified.json().token as string;
    await resetPassword(test.app, resetToken, bidder.body.username, 'Logs-Clean-2026', 'Logs-Clean-2026');
    const { identity_code: identity } = await test.database.db
      .selectFrom('users')
      .select('identity_code')
      .where('id', '=', bidder.id)
      .executeTakeFirstOrThrow();
    await test.app.inject({ method: 'GET', url: `/api/bidder-organization-notifications/by-code/${identity}` });
    const session = await login(test.app, bidder.body.username, 'Logs-Clean-2026');
    await callAs(test.app, session.body.token, 'POST', '/api/account/create-validation-code');
    const phoneCode = sixDigitCode(
      (await test.messaging.outbox.waitFor(digits, { template: 'phoneValidationCode' })).body,
    );
    await callAs(test.app, session.body.token, 'POST', `/api/account/validate-phone-number/${phoneCode}`);
    const confirmation = await test.messaging.outbox.waitFor(bidder.body.username, { template: 'emailConfirmation' });
    const confirmationToken = firstLink(confirmation.body).searchParams.get('token') as string;

    const logs = test.logs.join('\n');
    expect(logs).toContain('verify-code-password-recovery/[redacted]');
    for (const secret of [
      code,
      phoneCode,
      resetToken,
      identity,
      confirmationToken,
      'Logs-Clean-2026',
      session.body.token,
    ]) {
      expect(logs).not.toContain(secret);
    }
  });
});

describe('the API description', () => {
  it('documents every account call of spec 000 §7 in the OpenAPI document, browsable at /api/docs', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const operations = new Set<string>();
    for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(methods)) operations.add(`${method.toUpperCase()} ${path}`);
    }
    for (const call of [
      'POST /api/account/authenticate',
      'POST /api/account/token',
      'POST /api/account/register',
      'POST /api/account/email-confirmation',
      'PATCH /api/account',
      'GET /api/account/unique-nickname',
      'GET /api/account/unique-phone-number',
      'GET /api/account/get-by-username',
      'PUT /api/account/update-username',
      'PUT /api/account/update-password',
      'POST /api/account/create-validation-code',
      'POST /api/account/validate-phone-number/{code}',
      'POST /api/account/password-reset',
      'POST /api/account/password-recovery-email',
      'POST /api/account/password-recovery-phone',
      'GET /api/account/masked-email-for-recovery/{phone}',
      'GET /api/account/verify-code-password-recovery/{code}/{username}',
      'GET /api/account/client-synchronization-time',
      'GET /api/bidder-organization-notifications',
      'POST /api/bidder-organization-notifications',
      'PATCH /api/bidder-organization-notifications/{id}',
      'GET /api/bidder-organization-notifications/by-code/{identity}',
      'POST /api/bidder-organization-notifications/by-code/{identity}',
      'PATCH /api/bidder-organization-notifications/by-code/{identity}/{id}',
      'POST /api/onboarding/invite-via-client-app',
      'GET /api/onboarding/on-board-info',
      'POST /api/auctions/set-auction-status/{urlMagicLink}/{status}',
    ]) {
      expect(operations, call).toContain(call);
    }
    const register = document.paths['/api/account/register'].post;
    const schema = register.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['username', 'password', 'nickName', 'cellphone']));
    const page = await test.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});
