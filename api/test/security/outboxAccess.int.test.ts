import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login } from '../accounts/accountFlows.ts';
import { startTestApp, type TestApp } from '../testApp.ts';

/** The outbox holds reset links and codes: only this machine, or an administrator, may read it. */
let local: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  [local, proxied] = await Promise.all([
    startTestApp({ app: { localOutbox: true } }),
    startTestApp({ demo: false, app: { localOutbox: true, trustProxy: ['127.0.0.1'] } }),
  ]);
});
afterAll(async () => {
  await Promise.all([local?.close(), proxied?.close()]);
});

const PATHS = ['/outbox', '/api/dev/outbox'];

describe('the local outbox', () => {
  it('is served to a request made on this machine', async () => {
    for (const url of PATHS) {
      expect((await local.app.inject({ url })).statusCode, url).toBe(200);
      expect((await local.app.inject({ url, remoteAddress: '::1' })).statusCode, url).toBe(200);
    }
  });

  it('is not found from another address, a forwarded request or behind a proxy', async () => {
    for (const url of PATHS) {
      const remote = await local.app.inject({ url, remoteAddress: '203.0.113.9' });
      expect(remote.statusCode, url).toBe(404);
      expect(remote.body).not.toContain('Outbox');
      const forwarded = await local.app.inject({ url, headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(forwarded.statusCode, url).toBe(404);
      const forged = await local.app.inject({
        url,
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(forged.statusCode, url).toBe(404);
      expect((await proxied.app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('is refused to a bidder and served to an administrator from anywhere', async () => {
    const bidder = await login(local.app, 'bidder@demo.local', 'Demo-Bidder-2026!');
    const admin = await login(local.app, 'admin@demo.local', 'Demo-Admin-2026!');
    for (const url of PATHS) {
      const refused = await local.app.inject({ url, remoteAddress: '203.0.113.9', headers: bearer(bidder.body.token) });
      expect(refused.statusCode, url).toBe(403);
      const forged = await local.app.inject({ url, remoteAddress: '203.0.113.9', headers: bearer('abc.def.ghi') });
      expect(forged.statusCode, url).toBe(401);
      const served = await local.app.inject({ url, remoteAddress: '203.0.113.9', headers: bearer(admin.body.token) });
      expect(served.statusCode, url).toBe(200);
    }
  });
});
