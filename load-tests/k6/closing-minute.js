// The closing minute of a charity auction, for k6 (https://k6.io):
//   k6 run -e TARGET=http://localhost:3000 load-tests/k6/closing-minute.js
// Bids arrive at a ramping rate over LOTS lots whose ends are spread over the last minute of
// DURATION (anti-sniping on: a bid in a lot's last EXTENSION_MINUTES extends it once), while
// WATCHERS WebSocket clients watch the auction on the live hub. setup() creates the auction and its
// lots through the operator API and the bidders through the registration form. Imports k6 modules
// and the scripts' shared code in lib/ only, so the folder runs as is in the grafana/k6 image
// (docs/load-tests.md).
import { fail } from 'k6';
import exec from 'k6/execution';
import http from 'k6/http';
import { amountCentsAt, biddingLot, placeBid } from './lib/bidding.js';
import { biddingOptions } from './lib/scenarios.js';
import { ADMIN_PASSWORD, ADMIN_USER, DURATION, EXTENSION_MINUTES, LOAD_SECONDS, TARGET } from './lib/settings.js';
import {
  createAuction,
  newRunId,
  registerBidders,
  setupClient,
  setupParams,
  signInAdministrator,
  sleepUntil,
} from './lib/setup.js';

export { watch } from './lib/hub.js';

// DURATION (60 s), EXTENSION_MINUTES (1), TARGET, ADMIN_USER and ADMIN_PASSWORD: lib/settings.js.
const RATE = Number(__ENV.RATE || 2000);
const LOTS = Number(__ENV.LOTS || 500);
const BIDDERS = Number(__ENV.BIDDERS || 200);
const WATCHERS = Number(__ENV.WATCHERS || 1000);

export const options = biddingOptions({ rate: RATE, watchers: WATCHERS, preAllocatedVUs: 200, maxVUs: 2000 });

const request = setupClient(TARGET);

export function setup() {
  const runId = newRunId();
  const admin = signInAdministrator(TARGET, ADMIN_USER, ADMIN_PASSWORD);
  const tokens = registerBidders(TARGET, runId, BIDDERS);
  // The scenarios start when setup returns: lots' ends are planned from then.
  const t0 = Date.now() + 5000 + LOTS * 30;
  const window = Math.min(60_000, (DURATION * 1000) / 2);
  const auction = createAuction(request, admin, runId, {
    urlMagicLink: `k6-${runId}`,
    translations: { en: { titleShort: `k6 ${runId}` }, fr: { titleShort: `k6 ${runId}` } },
    dateCompleted: new Date(t0 + (LOAD_SECONDS + 600) * 1000).toISOString(),
    allowProxyBidding: false,
  });
  const lots = [];
  const plannedEnds = [];
  for (let j = 0; j < LOTS; j++)
    plannedEnds.push(Math.round(t0 + DURATION * 1000 - window + (window * (j + 1)) / LOTS));
  for (let i = 0; i < LOTS; i += 10) {
    const batch = [];
    for (let j = i; j < Math.min(LOTS, i + 10); j++) {
      const body = biddingLot({
        lotNumber: j + 1,
        translations: { en: { name: `Lot ${j + 1}` }, fr: { name: `Lot ${j + 1}` } },
        dateCompleted: new Date(plannedEnds[j]).toISOString(),
        extensionMinutes: EXTENSION_MINUTES,
        commandId: `k6-${runId}-open-${j}`,
      });
      batch.push(['POST', `${TARGET}/api/admin/auctions/${auction.id}/lots`, JSON.stringify(body), setupParams(admin)]);
    }
    http.batch(batch).forEach((response, k) => {
      if (response.status !== 201 && response.status !== 200) fail(`lot: ${response.status} ${response.body}`);
      lots.push({ id: response.json('id'), endsAt: plannedEnds[i + k] });
    });
  }
  sleepUntil(t0);
  return { auctionId: auction.id, lots, tokens, t0 };
}

// A refusal by the auction's rules (409) is an expected answer, not a failed request.
http.setResponseCallback(http.expectedStatuses({ min: 200, max: 299 }, 409));

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
  const response = placeBid(
    TARGET,
    lot.id,
    token,
    amountCentsAt(data.t0, Date.now()),
    `k6-${exec.scenario.name}-${exec.vu.idInTest}-${exec.scenario.iterationInTest}-${data.t0}`,
  );
  if (response.status === 409 && response.json('message') === 'item_closed') ends[index] = 0;
  if (response.status === 200) {
    const end = Date.parse(response.json('standing.dateCompleted'));
    if (end > ends[index]) ends[index] = end;
  }
}
