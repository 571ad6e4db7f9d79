import { generateVapidKeys } from '@auction/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerConfirmed } from '../../../accounts/accountFlows.ts';
import { startTestApp, type TestApp } from '../../../testApp.ts';

const VAPID = generateVapidKeys();
const DOUBLE = 'http://127.0.0.1:4999';
let test: TestApp;
beforeAll(async () => {
  test = await startTestApp({
    demo: false,
    app: { push: { vapidPublicKey: VAPID.publicKey, extraOrigins: [DOUBLE] } },
  });
});
afterAll(async () => {
  await test?.close();
});

const browser = (endpoint: string) => ({
  endpoint,
  keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'c'.repeat(22) },
  expirationTime: null,
});

function call(method: 'GET' | 'POST' | 'DELETE' | 'PUT', token: string | null, payload?: unknown, path = '') {
  return test.app.inject({
    method,
    url: `/api/account/push-subscriptions${path}`,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

describe('/api/account/push-subscriptions', () => {
  it('is for signed-in users only', async () => {
    expect((await call('GET', null)).statusCode).toBe(401);
    expect((await call('POST', null, browser('https://fcm.googleapis.com/fcm/send/x'))).statusCode).toBe(401);
  });

  it("gives the VAPID key and the switches, saves a browser once, and forgets only the caller's own", async () => {
    const alice = await registerConfirmed(test);
    const bob = await registerConfirmed(test);
    const first = await call('GET', alice.token);
    expect(first.json()).toEqual({
      vapidPublicKey: VAPID.publicKey,
      pushOutbidNotifications: true,
      pushGeneralNotifications: true,
      subscriptions: 0,
    });
    const endpoint = 'https://fcm.googleapis.com/fcm/send/alice-browser';
    expect((await call('POST', alice.token, browser(endpoint))).statusCode).toBe(200);
    expect((await call('POST', alice.token, browser(endpoint))).statusCode).toBe(200);
    expect((await call('GET', alice.token)).json().subscriptions).toBe(1);

    // Bob cannot remove Alice's browser by naming its endpoint.
    expect((await call('DELETE', bob.token, { endpoint })).statusCode).toBe(200);
    expect((await call('GET', alice.token)).json().subscriptions).toBe(1);
    expect((await call('DELETE', alice.token, { endpoint })).statusCode).toBe(200);
    expect((await call('GET', alice.token)).json().subscriptions).toBe(0);
  });

  it('saves the push switches', async () => {
    const user = await registerConfirmed(test);
    const saved = await call(
      'PUT',
      user.token,
      { pushOutbidNotifications: false, pushGeneralNotifications: true },
      '/preferences',
    );
    expect(saved.statusCode).toBe(200);
    expect((await call('GET', user.token)).json()).toMatchObject({
      pushOutbidNotifications: false,
      pushGeneralNotifications: true,
    });
    expect((await call('PUT', user.token, { pushOutbidNotifications: 'no' }, '/preferences')).statusCode).toBe(400);
  });

  it('refuses an endpoint that is not a push service, or keys that are not keys, and stores nothing', async () => {
    const user = await registerConfirmed(test);
    for (const endpoint of [
      'http://169.254.169.254/latest/meta-data',
      'https://127.0.0.1/push',
      'https://fcm.googleapis.com.evil.example/send',
      'https://user:pass@fcm.googleapis.com/fcm/send/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'ftp://fcm.googleapis.com/x',
    ]) {
      const answer = await call('POST', user.token, browser(endpoint));
      expect(answer.statusCode, endpoint).toBe(400);
    }
    const badKeys = await call('POST', user.token, {
      endpoint: 'https://fcm.googleapis.com/fcm/send/y',
      keys: { p256dh: 'short', auth: '<script>' },
    });
    expect(badKeys.statusCode).toBe(400);
    expect((await call('GET', user.token)).json().subscriptions).toBe(0);
    // The configured local push service is accepted.
    expect((await call('POST', user.token, browser(`${DOUBLE}/push/abc`))).statusCode).toBe(200);
    expect(
      (await call('POST', user.token, browser('https://updates.push.services.mozilla.com/wpush/v2/x'))).statusCode,
    ).toBe(200);
    expect((await call('GET', user.token)).json().subscriptions).toBe(2);
  });
});
