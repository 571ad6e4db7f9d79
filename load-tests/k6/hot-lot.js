// One hot lot: hundreds of bidders on a single lot in its last minutes, for k6 (https://k6.io):
//   k6 run -e TARGET=http://localhost:3000 load-tests/k6/hot-lot.js
// The lot ends DURATION seconds after the start (a bid in its last EXTENSION_MINUTES extends it
// once); WATCHERS WebSocket clients watch it. setup() creates the auction and the lot through the
// operator API and BIDDERS bidders through the registration form. Imports k6 modules only.
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
const RATE = Number(__ENV.RATE || 500);
const DURATION = Number(__ENV.DURATION || 60);
const BIDDERS = Number(__ENV.BIDDERS || 300);
const WATCHERS = Number(__ENV.WATCHERS || 200);
const EXTENSION_MINUTES = Number(__ENV.EXTENSION_MINUTES || 1);
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
      preAllocatedVUs: 100,
      maxVUs: 1000,
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

function request(method, path, body, token) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = http.request(method, `${TARGET}${path}`, body === undefined ? null : JSON.stringify(body), {
    headers,
    tags: { name: 'setup' },
  });
  if (response.status < 200 || response.status >= 300) fail(`${method} ${path}: ${response.status} ${response.body}`);
  return response.json();
}

function cellphone() {
  const exchange = 200 + Math.floor(Math.random() * 800);
  return `(438) ${exchange}-${String(Math.floor(Math.random() * 10000)).padStart(4, '0')}`;
}

export function setup() {
  const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const admin = request('POST', '/api/account/authenticate', {
    username: ADMIN_USER,
    password: ADMIN_PASSWORD,
    grant_type: 'password',
  }).access_token;
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
      batch.push([
        'POST',
        `${TARGET}/api/account/register`,
        JSON.stringify(body),
        { headers: { 'content-type': 'application/json' }, tags: { name: 'setup' } },
      ]);
    }
    for (const response of http.batch(batch)) {
      if (response.status !== 200) fail(`registration: ${response.status} ${response.body}`);
      tokens.push(response.json('token'));
    }
  }
  const t0 = Date.now() + 3000;
  const endsAt = t0 + DURATION * 1000;
  const organization = request('POST', '/api/admin/organizations', { name: `k6 ${runId}` }, admin);
  const auction = request(
    'POST',
    '/api/admin/auctions',
    {
      organizationId: organization.id,
      urlMagicLink: `k6-hot-${runId}`,
      translations: { en: { titleShort: `k6 hot lot ${runId}` }, fr: { titleShort: `k6 lot chaud ${runId}` } },
      dateOpen: new Date(Date.now() - 60_000).toISOString(),
      dateCompleted: new Date(endsAt + (EXTENSION_MINUTES * 60 + 600) * 1000).toISOString(),
      status: 3,
      requireCCToBid: false,
      requireAddressToBid: false,
      allowProxyBidding: false,
    },
    admin,
  );
  const lot = request(
    'POST',
    `/api/admin/auctions/${auction.id}/lots`,
    {
      lotNumber: 1,
      type: 1,
      translations: { en: { name: 'The hot lot' }, fr: { name: 'Le lot convoité' } },
      startingBid: STARTING_BID_CENTS / 100,
      minimumIncrement: 0.01,
      dateCompleted: new Date(endsAt).toISOString(),
      allowsTimeExtension: EXTENSION_MINUTES > 0,
      extensionDurationInMinutes: EXTENSION_MINUTES,
      extensionDurationMaximumMinutes: EXTENSION_MINUTES,
      minutesLeftBeforeAllowingExtension: EXTENSION_MINUTES,
      commandId: `k6-${runId}-open-hot`,
    },
    admin,
  );
  const wait = t0 - Date.now();
  if (wait > 0) sleep(wait / 1000);
  return { auctionId: auction.id, lotId: lot.id, endsAt, tokens, t0 };
}

// One cent per millisecond since t0: amounts rise with time across all VUs, and a price tells when its bid was sent.
const amountCentsAt = (t0, now) => STARTING_BID_CENTS + Math.max(0, now - t0);
const sentAtOf = (t0, cents) => t0 + cents - STARTING_BID_CENTS;

let endsAt = null;

export function bid(data) {
  if (endsAt === null) endsAt = data.endsAt;
  if (Date.now() > endsAt + 300) return;
  const token = data.tokens[Math.floor(Math.random() * data.tokens.length)];
  const response = http.post(
    `${TARGET}/api/bids/auctionlotitem/${data.lotId}/bid`,
    JSON.stringify({
      amount: amountCentsAt(data.t0, Date.now()) / 100,
      commandId: `k6-hot-${exec.vu.idInTest}-${exec.scenario.iterationInTest}-${data.t0}`,
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
    if (response.json('message') === 'item_closed') endsAt = 0;
  }
  if (response.status === 200) endsAt = Math.max(endsAt, Date.parse(response.json('standing.dateCompleted')));
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
      propagation.add(received - sentAtOf(data.t0, Math.round(event.data.price.value * 100)));
    }
  };
  const keepAlive = setInterval(() => socket.send(JSON.stringify({ type: 'ping' })), 20_000);
  setTimeout(() => {
    clearInterval(keepAlive);
    socket.close();
  }, LOAD_SECONDS * 1000);
}
