// The shape of a bidding run (closing-minute, hot-lot): bids at a rate that ramps up over the first
// half of the duration and holds until the lots have closed, people watching the auction live, and
// what the run must meet to pass. The script exports the `bid` and `watch` functions these name.
// Imports the shared settings only.
import { DURATION, LOAD_SECONDS } from './settings.js';

/**
 * The options of a bidding run: bids arrive at up to rate a second (with VUs preallocated and at
 * most maxVUs in flight), and each of the watchers watches for the whole load.
 */
export function biddingOptions({ rate, watchers, preAllocatedVUs, maxVUs }) {
  return {
    setupTimeout: '10m',
    scenarios: {
      bids: {
        executor: 'ramping-arrival-rate',
        exec: 'bid',
        startRate: Math.max(1, Math.round(rate / 10)),
        timeUnit: '1s',
        preAllocatedVUs,
        maxVUs,
        stages: [
          { target: rate, duration: `${Math.round(DURATION / 2)}s` },
          { target: rate, duration: `${LOAD_SECONDS - Math.round(DURATION / 2)}s` },
        ],
      },
      watchers: {
        executor: 'per-vu-iterations',
        exec: 'watch',
        vus: watchers,
        iterations: 1,
        // With 30 s to spare for connecting and closing.
        maxDuration: `${LOAD_SECONDS + 30}s`,
      },
    },
    // A bid answered in under 100 ms and seen by watchers within 250 ms (p99), and never a server error.
    thresholds: {
      'http_req_duration{name:bid}': ['p(99)<100'],
      'checks{check:bid answered without a server error}': ['rate==1'],
      bid_propagation_ms: ['p(99)<250'],
      http_5xx: ['count==0'],
    },
  };
}
