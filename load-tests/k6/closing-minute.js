// The closing minute of a charity auction, for k6 (https://k6.io):
//   k6 run -e TARGET=http://localhost:3000 load-tests/k6/closing-minute.js
// Bids arrive at a ramping rate over LOTS lots whose ends are spread over the last minute of
// DURATION (anti-sniping on: a bid in a lot's last EXTENSION_MINUTES extends it once), while
// WATCHERS WebSocket clients watch the auction on the live hub. setup() creates the auction and its
// lots through the operator API and the bidders through the registration form. Imports k6 modules
// only, so the file runs as is in the grafana/k6 image (docs/load-tests.md).
import { check, fail, sleep } from 'k6';
import exec from 'k6/execution';
import http from 'k6/http';
import { Counter, Trend } from 'k6/metrics';
import { clearInterval, setInterval, setTimeout } from 'k6/timers';
import { WebSocket } from 'k6/websockets';

const TARGET = (__ENV.TARGET || 'http://localhost:3000').replace(/\/+$/, '');
const HUB = `${TARGET.replace(/^http/, 'ws')}/api/BidNotificationHub`;
const ADMIN_USER = __ENV.ADMIN_USER || 'admin@demo.local';
const ADMIN_PASSWORD = __ENV.ADMIN_PASSWORD || 'Demo-Admin-2026!';
const RATE = Number(__ENV.RATE || 2000);
const DURATION = Number(__ENV.DURATION || 60);
const LOTS = Number(__ENV.LOTS || 500);
const BIDDERS = Number(__ENV.BIDDERS || 200);
const WATCHERS = Number(__ENV.WATCHERS || 1000);
const EXTENSION_MINUTES = Number(__ENV.EXTENSION_MINUTES || 1);
// Bids go on until the last extended lot has closed, plus a little.
const LOAD_SECONDS = DURATION + EXTENSION_MINUTES * 60 + 5;
const STARTING_BID_CENTS = 1000;

const propagation = new Trend('bid_propagation_ms', true);
const refused = new Counter('bids_refused');
const serverErrors = new Counter('http_5xx');

http.setResponseCallback(http.expectedStatuses({ min: 200, max: 299 }, 409));

export const options = {
  setupTimeout: '10m',
  scenarios: {
    bids: {
      executor: 'ramping-arrival-rate',
      exec: 'bid',
      startRate: Math.max(1, Math.round(RATE / 10)),
      timeUnit: '1s',
      preAllocatedVUs: 200,
      maxVUs: 2000,
      stages: [
        { target: RATE, duration: `${Math.round(DURATION / 2)}s` },
        { target: RATE, duration: `${LOAD_SECONDS - Math.round(DURATION / 2)}s` },
      ],
    },
    watchers: {
      executor: 'per-vu-iterations',
      exec: 'watch',
      vus: WATCHERS,
      iterations: 1,
      maxDuration: `${LOAD_SECONDS + 30}s`,
    },
  },
  thresholds: {
    'http_req_duration{name:bid}': ['p(99)<100'],
    'checks{check:bid answered without a server error}': ['rate==1'],
    bid_propagation_ms: ['p(99)<250'],
    http_5xx: ['count==0'],
  },
};

function json(method, path, body, token) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = http.request(method, `${TARGET}${path}`, body === undefined ? null : JSON.stringify(body), {
    headers,
    tags: { name: 'setup' },
  });
  if (response.status < 200 || response.status >= 300) fail(`${method} ${path}: ${response.status} ${response.body}`);
  return response.json();
}

/** A North American number unlikely to be taken: a random exchange and line. */
function cellphone() {
  const exchange = 200 + Math.floor(Math.random() * 800);
  const line = String(Math.floor(Math.random() * 10000)).padStart(4, '0');
  return `(438) ${exchange}-${line}`;
}

function registerBidders(runId) {
  const tokens = [];
  for (let i = 0; i < BIDDERS; i += 20) {
    const batch = [];
    for (let j = i; j < Math.min(BIDDERS, i + 20); j++) {
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
      batch.push(['POST', `${TARGET}/api/account/register`, JSON.stringify(body), jsonHeaders()]);
    }
    for (const response of http.batch(batch)) {
      if (response.status !== 200) fail(`registration: ${response.status} ${response.body}`);
      // The registration answers the new account signed in; bidding does not wait for the email's confirmation.
      tokens.push(response.json('token'));
    }
  }
  return tokens;
}

function jsonHeaders() {
  return { headers: { 'content-type': 'application/json' }, tags: { name: 'setup' } };
}

export function setup() {
  const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const admin = json('POST', '/api/account/authenticate', {
    username: ADMIN_USER,
    password: ADMIN_PASSWORD,
    grant_type: 'password',
  }).access_token;
  const tokens = registerBidders(runId);
  // The scenarios start when setup returns: lots' ends are planned from then.
  const t0 = Date.now() + 5000 + LOTS * 30;
  const window = Math.min(60_000, (DURATION * 1000) / 2);
  const organization = json('POST', '/api/admin/organizations', { name: `k6 ${runId}` }, admin);
  const auction = json(
    'POST',
    '/api/admin/auctions',
    {
      organizationId: organization.id,
      urlMagicLink: `k6-${runId}`,
      translations: { en: { titleShort: `k6 ${runId}` }, fr: { titleShort: `k6 ${runId}` } },
      dateOpen: new Date(Date.now() - 60_000).toISOString(),
      dateCompleted: new Date(t0 + (LOAD_SECONDS + 600) * 1000).toISOString(),
      status: 3,
      requireCCToBid: false,
      requireAddressToBid: false,
      allowProxyBidding: false,
    },
    admin,
  );
  const lots = [];
  const plannedEnds = [];
  for (let j = 0; j < LOTS; j++)
    plannedEnds.push(Math.round(t0 + DURATION * 1000 - window + (window * (j + 1)) / LOTS));
  for (let i = 0; i < LOTS; i += 10) {
    const batch = [];
    for (let j = i; j < Math.min(LOTS, i + 10); j++) {
      const body = {
        lotNumber: j + 1,
        type: 1,
        translations: { en: { name: `Lot ${j + 1}` }, fr: { name: `Lot ${j + 1}` } },
        startingBid: STARTING_BID_CENTS / 100,
        // One cent: amounts derived from the send time (below) always step by at least that.
        minimumIncrement: 0.01,
        dateCompleted: new Date(plannedEnds[j]).toISOString(),
        allowsTimeExtension: EXTENSION_MINUTES > 0,
        extensionDurationInMinutes: EXTENSION_MINUTES,
        extensionDurationMaximumMinutes: EXTENSION_MINUTES,
        minutesLeftBeforeAllowingExtension: EXTENSION_MINUTES,
        commandId: `k6-${runId}-open-${j}`,
      };
      batch.push([
        'POST',
        `${TARGET}/api/admin/auctions/${auction.id}/lots`,
        JSON.stringify(body),
        adminHeaders(admin),
      ]);
    }
    http.batch(batch).forEach((response, k) => {
      if (response.status !== 201 && response.status !== 200) fail(`lot: ${response.status} ${response.body}`);
      lots.push({ id: response.json('id'), endsAt: plannedEnds[i + k] });
    });
  }
  const wait = t0 - Date.now();
  if (wait > 0) sleep(wait / 1000);
  return { auctionId: auction.id, lots, tokens, t0 };
}

function adminHeaders(token) {
  return { headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, tags: { name: 'setup' } };
}

/**
 * A bid's amount is the starting bid plus one cent per millisecond since t0, so amounts on a lot
 * rise with time across all VUs, and a watcher can read from a price when its bid was sent.
 */
const amountCentsAt = (t0, now) => STARTING_BID_CENTS + Math.max(0, now - t0);
const sentAtOf = (t0, cents) => t0 + cents - STARTING_BID_CENTS;

// Each VU's view of the lots' ends, moved by the extensions its answers report.
let ends = null;

export function bid(data) {
  if (ends === null) ends = data.lots.map((lot) => lot.endsAt);
  const now = Date.now();
  let index = -1;
  for (let tries = 0; tries < 20 && index < 0; tries++) {
    const i = Math.floor(Math.random() * data.lots.length);
    // Up to 300 ms past the end: some bids must reach the server at the end and be refused.
    if (ends[i] + 300 > now) index = i;
  }
  if (index < 0) return;
  const lot = data.lots[index];
  const token = data.tokens[Math.floor(Math.random() * data.tokens.length)];
  const cents = amountCentsAt(data.t0, Date.now());
  const response = http.post(
    `${TARGET}/api/bids/auctionlotitem/${lot.id}/bid`,
    JSON.stringify({
      amount: cents / 100,
      commandId: `k6-${exec.scenario.name}-${exec.vu.idInTest}-${exec.scenario.iterationInTest}-${data.t0}`,
    }),
    { headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, tags: { name: 'bid' } },
  );
  check(response, {
    'bid answered without a server error': (r) => r.status > 0 && r.status < 500,
    'bid accepted or refused by the rules': (r) => r.status === 200 || r.status === 409,
  });
  if (response.status >= 500) serverErrors.add(1);
  if (response.status === 409) {
    refused.add(1, { reason: response.json('message') });
    if (response.json('message') === 'item_closed') ends[index] = 0;
  }
  if (response.status === 200) {
    const end = Date.parse(response.json('standing.dateCompleted'));
    if (end > ends[index]) ends[index] = end;
  }
}

export function watch(data) {
  const socket = new WebSocket(HUB);
  socket.onopen = () => socket.send(JSON.stringify({ type: 'subscribe', auctionId: data.auctionId }));
  socket.onmessage = (message) => {
    const received = Date.now();
    const frame = JSON.parse(message.data);
    if (frame.type !== 'events') return;
    for (const event of frame.events) {
      if (event.event !== 'BidReceived' || !event.data.price) continue;
      // From the bid's send time (read back from its amount) to this watcher: includes the bid's own answer time.
      propagation.add(received - sentAtOf(data.t0, Math.round(event.data.price.value * 100)));
    }
  };
  const keepAlive = setInterval(() => socket.send(JSON.stringify({ type: 'ping' })), 20_000);
  setTimeout(() => {
    clearInterval(keepAlive);
    socket.close();
  }, LOAD_SECONDS * 1000);
}
