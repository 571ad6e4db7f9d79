import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/services/freePort.ts';
import { startStripeDouble } from '../../src/services/stripeDouble.ts';

const folder = mkdtempSync(join(tmpdir(), 'stripe-double-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A call to the double as the SDK makes it: form-encoded, with the test key. */
async function call(url: string, method: string, path: string, body?: Record<string, string>) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: 'Bearer sk_test_local_double', 'content-type': 'application/x-www-form-urlencoded' },
    ...(body ? { body: new URLSearchParams(body).toString() } : {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the local Stripe double with a state file', () => {
  // `npm start` keeps its database between runs; the customers it names must still exist.
  it('keeps its customers from one run to the next, and without the file forgets them', async () => {
    const stateFile = join(folder, 'stripe-double.json');
    const first = await startStripeDouble({ port: await freePort(), stateFile });
    const created = await call(first.url, 'POST', '/v1/customers', { email: 'ann@example.com' });
    expect(created.status).toBe(200);
    await first.stop();

    const second = await startStripeDouble({ port: await freePort(), stateFile });
    const found = await call(second.url, 'GET', `/v1/customers/${created.body.id}`);
    await second.stop();
    expect([found.status, found.body.email]).toEqual([200, 'ann@example.com']);

    const forgetful = await startStripeDouble({ port: await freePort() });
    const missing = await call(forgetful.url, 'GET', `/v1/customers/${created.body.id}`);
    await forgetful.stop();
    expect([missing.status, (missing.body.error as { code?: string }).code]).toEqual([404, 'resource_missing']);
  });
});
