// Visitors browsing an auction: the lot table, lot details and the auction, for k6 (https://k6.io):
//   k6 run -e TARGET=http://localhost:3000 load-tests/k6/browse.js
// A constant arrival rate of anonymous reads (4 table pages : 5 lot details : 1 auction) of an
// auction with LOTS lots that setup() creates through the operator API, with a few bids on each
// lot (bidders from the registration form) so the details carry a history. Imports k6 modules and
// the scripts' shared code in lib/ only.
import { check } from 'k6';
import http from 'k6/http';
import { Counter } from 'k6/metrics';
import { ADMIN_PASSWORD, ADMIN_USER, DURATION, TARGET } from './lib/settings.js';
import { cellphone, createAuction, newRunId, setupClient, signInAdministrator } from './lib/setup.js';

// DURATION (60 s), TARGET, ADMIN_USER and ADMIN_PASSWORD: lib/settings.js.
const RATE = Number(__ENV.RATE || 500);
const LOTS = Number(__ENV.LOTS || 200);

const serverErrors = new Counter('http_5xx');

export const options = {
  setupTimeout: '10m',
  scenarios: {
    reads: {
      executor: 'constant-arrival-rate',
      exec: 'browse',
      rate: RATE,
      timeUnit: '1s',
      duration: `${DURATION}s`,
      preAllocatedVUs: 100,
      maxVUs: 1000,
    },
  },
  thresholds: {
    'http_req_duration{name:lot-table}': ['p(99)<250'],
    'http_req_duration{name:lot-detail}': ['p(99)<100'],
    'http_req_duration{name:auction}': ['p(99)<100'],
    'checks{check:answered 200}': ['rate>0.999'],
    http_5xx: ['count==0'],
  },
};

const request = setupClient(TARGET);

export function setup() {
  const runId = newRunId();
  const admin = signInAdministrator(TARGET, ADMIN_USER, ADMIN_PASSWORD);
  const urlMagicLink = `k6-browse-${runId}`;
  const auction = createAuction(request, admin, runId, {
    urlMagicLink,
    translations: { en: { titleShort: `k6 browse ${runId}` }, fr: { titleShort: `k6 visite ${runId}` } },
    dateCompleted: new Date(Date.now() + 4 * 3_600_000).toISOString(),
  });
  const bidder = request('POST', '/api/account/register', {
    username: `k6-${runId}@example.com`,
    password: 'Load-Test-2026!',
    confirmPassword: 'Load-Test-2026!',
    firstName: 'Load',
    lastName: 'Browser',
    nickName: `k6${runId}`,
    cellphone: cellphone(),
    sendSMSNotifications: false,
    sendEmailNotifications: true,
  }).token;
  const lotIds = [];
  for (let i = 0; i < LOTS; i++) {
    const lot = request(
      'POST',
      `/api/admin/auctions/${auction.id}/lots`,
      {
        lotNumber: i + 1,
        type: 1,
        translations: { en: { name: `Lot ${i + 1}` }, fr: { name: `Lot ${i + 1}` } },
        startingBid: 10,
        minimumIncrement: 1,
        dateCompleted: new Date(Date.now() + 3_600_000 + i * 1000).toISOString(),
        commandId: `k6-${runId}-open-${i}`,
      },
      admin,
    );
    lotIds.push(lot.id);
    for (let b = 0; b < 3; b++) {
      request(
        'POST',
        `/api/bids/auctionlotitem/${lot.id}/bid`,
        { amount: 10 + b, commandId: `k6-${runId}-${i}-${b}` },
        bidder,
      );
    }
  }
  return { urlMagicLink, lotIds };
}

let n = 0;

export function browse(data) {
  n++;
  const kind = Math.floor(Math.random() * 10);
  const link = encodeURIComponent(data.urlMagicLink);
  let response;
  if (kind < 4) {
    const pages = Math.max(1, Math.ceil(data.lotIds.length / 20));
    const column = kind % 2 ? 'dateCompleted' : 'lotNumber';
    response = http.get(
      `${TARGET}/api/auction-lot-items?urlMagicLink=${link}&currentPage=${1 + (n % pages)}&pageSize=20&sorts[0].column=${column}&sorts[0].asc=true`,
      { tags: { name: 'lot-table' } },
    );
  } else if (kind < 9) {
    const id = data.lotIds[Math.floor(Math.random() * data.lotIds.length)];
    response = http.get(`${TARGET}/api/auction-lot-items/${id}`, { tags: { name: 'lot-detail' } });
  } else {
    response = http.get(`${TARGET}/api/auctions/url-magic-link?urlMagicLink=${link}`, { tags: { name: 'auction' } });
  }
  check(response, { 'answered 200': (r) => r.status === 200 });
  if (response.status >= 500) serverErrors.add(1);
}
