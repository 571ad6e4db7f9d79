import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testApp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The demo's auctions: an answer of several kilobytes, as a lot list is. */
const auctions = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/auctions', headers });

describe('compressed answers', () => {
  it('sends a large answer in Brotli when accepted, else gzip, the same JSON once decoded', async () => {
    const plain = await auctions();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await auctions({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await auctions({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends a small answer as it is: a kilobyte is not worth the work', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 'ok' });
  });

  it('reads a request body as it is sent: a body labelled gzip is not inflated', async () => {
    const login = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/authenticate',
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify({ username: 'nobody@example.com', password: 'wrong-password-1' }),
      });
    const labelled = await login({ 'content-encoding': 'gzip' });
    const plain = await login({});
    expect(labelled.statusCode).toBe(plain.statusCode);
    expect(labelled.json()).toEqual(plain.json());
  });
});
