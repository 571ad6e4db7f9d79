// One hot lot: hundreds of bidders on a single lot in its last minutes, for k6 (https://k6.io):
//   k6 run -e TARGET=http://localhost:3000 load-tests/k6/hot-lot.js
// The lot ends DURATION seconds after the start (a bid in its last EXTENSION_MINUTES extends it
// once); WATCHERS WebSocket clients watch it. setup() creates the auction and the lot through the
// operator API and BIDDERS bidders through the registration form. Imports k6 modules and the
// scripts' shared code in lib/ only.
import exec from 'k6/execution';
import http from 'k6/http';
import { amountCentsAt, biddingLot, placeBid } from './lib/bidding.js';
import { biddingOptions } from './lib/scenarios.js';
import { ADMIN_PASSWORD, ADMIN_USER, DURATION, EXTENSION_MINUTES, TARGET } from './lib/settings.js';
import { createAuction, newRunId, registerBidders, setupClient, signInAdministrator, sleepUntil } from './lib/setup.js';

export { watch } from './lib/hub.js';

// DURATION (60 s), EXTENSION_MINUTES (1), TARGET, ADMIN_USER and ADMIN_PASSWORD: lib/settings.js.
const RATE = Number(__ENV.RATE || 500);
const BIDDERS = Number(__ENV.BIDDERS || 300);
const WATCHERS = Number(__ENV.WATCHERS || 200);

export const options = biddingOptions({ rate: RATE, watchers: WATCHERS, preAllocatedVUs: 100, maxVUs: 1000 });

const request = setupClient(TARGET);

export function setup() {
  const runId = newRunId();
  const admin = signInAdministrator(TARGET, ADMIN_USER, ADMIN_PASSWORD);
  const tokens = registerBidders(TARGET, runId, BIDDERS);
  const t0 = Date.now() + 3000;
  const endsAt = t0 + DURATION * 1000;
  const auction = createAuction(request, admin, runId, {
    urlMagicLink: `k6-hot-${runId}`,
    translations: { en: { titleShort: `k6 hot lot ${runId}` }, fr: { titleShort: `k6 lot chaud ${runId}` } },
    dateCompleted: new Date(endsAt + (EXTENSION_MINUTES * 60 + 600) * 1000).toISOString(),
    allowProxyBidding: false,
  });
  const lot = request(
    'POST',
    `/api/admin/auctions/${auction.id}/lots`,
    biddingLot({
      lotNumber: 1,
      translations: { en: { name: 'The hot lot' }, fr: { name: 'Le lot convoité' } },
      dateCompleted: new Date(endsAt).toISOString(),
      extensionMinutes: EXTENSION_MINUTES,
      commandId: `k6-${runId}-open-hot`,
    }),
    admin,
  );
  sleepUntil(t0);
  return { auctionId: auction.id, lotId: lot.id, endsAt, tokens, t0 };
}

// A refusal by the auction's rules (409) is an expected answer, not a failed request.
http.setResponseCallback(http.expectedStatuses({ min: 200, max: 299 }, 409));

// This VU's view of the lot's end, moved by the extensions its answers report.
let endsAt = null;

export function bid(data) {
  if (endsAt === null) endsAt = data.endsAt;
  // Up to 300 ms past the end: some bids must reach the server at the end and be refused.
  if (Date.now() > endsAt + 300) return;
  const token = data.tokens[Math.floor(Math.random() * data.tokens.length)];
  const response = placeBid(
    TARGET,
    data.lotId,
    token,
    amountCentsAt(data.t0, Date.now()),
    `k6-hot-${exec.vu.idInTest}-${exec.scenario.iterationInTest}-${data.t0}`,
  );
  if (response.status === 409 && response.json('message') === 'item_closed') endsAt = 0;
  if (response.status === 200) endsAt = Math.max(endsAt, Date.parse(response.json('standing.dateCompleted')));
}
