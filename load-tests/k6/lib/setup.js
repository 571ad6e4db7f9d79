// What every k6 script's setup() does before the load starts: sign the administrator in, create an
// open auction through the operator API and register bidders through the registration form. Its
// requests are tagged `setup` so the scenarios' thresholds measure the load only. Imports k6 modules only.
import { fail, sleep } from 'k6';
import http from 'k6/http';

/** A short id that keeps this run's accounts, auction and command ids apart from every earlier run's. */
export function newRunId() {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** The parameters of a setup call: a JSON body, the caller's token if any, tagged apart from the load. */
export function setupParams(token) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  return { headers, tags: { name: 'setup' } };
}

/**
 * request(method, path, body, token) against target: answers the JSON body, and stops the run on a
 * non-2xx answer, since a load on a half-made auction would measure nothing.
 */
export function setupClient(target) {
  return function request(method, path, body, token) {
    const response = http.request(
      method,
      `${target}${path}`,
      body === undefined ? null : JSON.stringify(body),
      setupParams(token),
    );
    if (response.status < 200 || response.status >= 300) fail(`${method} ${path}: ${response.status} ${response.body}`);
    return response.json();
  };
}

/** The administrator's access token, for the operator API. */
export function signInAdministrator(target, username, password) {
  return setupClient(target)('POST', '/api/account/authenticate', { username, password, grant_type: 'password' })
    .access_token;
}

/**
 * A new organization and, in it, an auction open since a minute ago, published (status 3), where
 * bidding needs neither a card nor an address. `auction` gives urlMagicLink, translations and
 * dateCompleted, and any other field the scenario sets (they come last in the body).
 */
export function createAuction(request, admin, runId, auction) {
  const organization = request('POST', '/api/admin/organizations', { name: `k6 ${runId}` }, admin);
  const { urlMagicLink, translations, dateCompleted, ...more } = auction;
  return request(
    'POST',
    '/api/admin/auctions',
    {
      organizationId: organization.id,
      urlMagicLink,
      translations,
      dateOpen: new Date(Date.now() - 60_000).toISOString(),
      dateCompleted,
      status: 3,
      requireCCToBid: false,
      requireAddressToBid: false,
      ...more,
    },
    admin,
  );
}

/** A North American number unlikely to be taken: a random exchange and line. */
export function cellphone() {
  const exchange = 200 + Math.floor(Math.random() * 800);
  const line = String(Math.floor(Math.random() * 10000)).padStart(4, '0');
  return `(438) ${exchange}-${line}`;
}

/** Registers count bidders, 20 at a time, and answers their tokens. */
export function registerBidders(target, runId, count) {
  const tokens = [];
  for (let i = 0; i < count; i += 20) {
    const batch = [];
    for (let j = i; j < Math.min(count, i + 20); j++) {
      const body = {
        username: `k6-${runId}-${j}@example.com`,
        password: 'Load-Test-2026!',
        confirmPassword: 'Load-Test-2026!',
        firstName: 'Load',
        lastName: `Bidder ${j}`,
        nickName: `k6${runId}b${j}`,
        cellphone: cellphone(),
        language: j % 2 ? 'en' : 'fr',
        sendSMSNotifications: false,
        sendEmailNotifications: true,
      };
      // Each bidder signs up from an address of its own (counted when the target trusts the runner as a proxy).
      const params = setupParams();
      params.headers['x-forwarded-for'] = `198.${18 + ((j >> 16) & 1)}.${(j >> 8) & 255}.${j & 255}`;
      batch.push(['POST', `${target}/api/account/register`, JSON.stringify(body), params]);
    }
    for (const response of http.batch(batch)) {
      if (response.status !== 200) fail(`registration: ${response.status} ${response.body}`);
      // The registration answers the new account signed in; bidding does not wait for the email's confirmation.
      tokens.push(response.json('token'));
    }
  }
  return tokens;
}

/** Setup waits for the planned start (ms since the epoch), so the lots' ends hold from the scenarios' start. */
export function sleepUntil(t) {
  const wait = t - Date.now();
  if (wait > 0) sleep(wait / 1000);
}
