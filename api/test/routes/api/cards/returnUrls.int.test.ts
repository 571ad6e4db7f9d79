import { describe, expect, it } from 'vitest';
import { bearer, registerConfirmed } from '../../../accounts/accountFlows.ts';
import { TEST_PUBLIC_URL } from '../../../testApp.ts';
import { useTestApp } from '../../../useTestApp.ts';

/**
 * Stripe Checkout sends the user back to the session's successUrl and cancelUrl: they must be pages
 * of the product (PUBLIC_URL's origin or a brand's host), never another site nor whatever listens
 * on the user's own computer. Other ports of this machine are the product's only in development,
 * when PUBLIC_URL is itself on this machine.
 */

// Deployed: PUBLIC_URL is http://auctions.test, and the brand table names the deployment's hosts.
const deployed = useTestApp({ app: { brandHosts: 'auctions.test=1,encheres.popabid.test=2' } });
// Development: PUBLIC_URL on this machine, the web app's dev server on another port.
const development = useTestApp({ app: { publicUrl: 'http://localhost:3000' } });
// The default brand table (localhost=1, 127.0.0.1=2): the product is served from this machine,
// as the browser tests serve it on a port of their own while PUBLIC_URL names auctions.test.
const servedHere = useTestApp();

const OWN_PAGE = `${TEST_PUBLIC_URL}/en/profile?session={CHECKOUT_SESSION_ID}`;

async function session(test: typeof deployed, urls: { successUrl: string; cancelUrl: string }) {
  const user = await registerConfirmed(test);
  return test.app.inject({
    method: 'POST',
    url: '/api/payments/stripeinformations/1/session',
    headers: bearer(user.token),
    payload: urls,
  });
}

describe('where a Checkout session may send the browser back (deployed)', () => {
  it('refuses another site, another port or scheme of this host, and this machine, naming the field', async () => {
    for (const foreign of [
      'https://evil.example/steal',
      'http://localhost:1/x',
      'http://127.0.0.1:9999/x',
      'http://localhost/x',
      'http://[::1]:3000/x',
      'http://auctions.test:8080/en/profile',
      'https://auctions.test/en/profile',
      'http://auctions.test@evil.example/en/profile',
      'http://auctions.test.evil.example/en/profile',
    ]) {
      const badSuccess = await session(deployed, { successUrl: foreign, cancelUrl: OWN_PAGE });
      expect(badSuccess.statusCode, foreign).toBe(400);
      expect(badSuccess.json()).toMatchObject({
        message: 'validation_failed',
        messages: ['valid_url'],
        errors: [{ field: 'body.successUrl', message: 'valid_url' }],
      });
      const badCancel = await session(deployed, { successUrl: OWN_PAGE, cancelUrl: foreign });
      expect(badCancel.statusCode, foreign).toBe(400);
      expect(badCancel.json()).toMatchObject({
        messages: ['valid_url'],
        errors: [{ field: 'body.cancelUrl', message: 'valid_url' }],
      });
    }
    const both = await session(deployed, { successUrl: 'https://evil.example/a', cancelUrl: 'http://localhost:1/b' });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors).toEqual([
      { field: 'body.successUrl', message: 'valid_url' },
      { field: 'body.cancelUrl', message: 'valid_url' },
    ]);
    // An address that is no web page is the schema's refusal: the same key, the same field.
    for (const address of ['javascript:alert(1)', 'data:text/html,x', '/en/profile']) {
      const response = await session(deployed, { successUrl: OWN_PAGE, cancelUrl: address });
      expect(response.statusCode, address).toBe(400);
      expect(response.json()).toMatchObject({
        messages: ['valid_url'],
        errors: [{ field: 'body.cancelUrl', message: 'valid_url' }],
      });
    }
  });

  it("accepts the product's own pages: PUBLIC_URL's origin and a brand's host", async () => {
    for (const own of [OWN_PAGE, 'http://auctions.test/', 'http://encheres.popabid.test/fr/profil']) {
      const response = await session(deployed, { successUrl: own, cancelUrl: own });
      expect(response.statusCode, `${own}: ${response.body}`).toBe(200);
      expect(response.json().url).toBe(`${deployed.stripe.url}/checkout/${response.json().sessionId}`);
    }
  });
});

describe('where a Checkout session may send the browser back (development)', () => {
  it("accepts this machine's pages on any port (the web app's dev server has its own), and no other site", async () => {
    for (const local of [
      'http://localhost:3000/en/profile',
      'http://localhost:5173/en/profile',
      'http://127.0.0.1:5173/',
    ]) {
      const response = await session(development, { successUrl: local, cancelUrl: local });
      expect(response.statusCode, `${local}: ${response.body}`).toBe(200);
    }
    const response = await session(development, { successUrl: 'https://evil.example/steal', cancelUrl: OWN_PAGE });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'body.successUrl', message: 'valid_url' },
      { field: 'body.cancelUrl', message: 'valid_url' },
    ]);
  });
});

describe('where a Checkout session may send the browser back (served from this machine)', () => {
  it("accepts this machine's pages when the brand table serves it, as the default one does, and no other site", async () => {
    const page = 'http://127.0.0.1:54321/en/profile?session={CHECKOUT_SESSION_ID}';
    const response = await session(servedHere, { successUrl: page, cancelUrl: OWN_PAGE });
    expect(response.statusCode, response.body).toBe(200);
    const foreign = await session(servedHere, { successUrl: 'https://evil.example/steal', cancelUrl: page });
    expect(foreign.json().errors).toEqual([{ field: 'body.successUrl', message: 'valid_url' }]);
  });
});
