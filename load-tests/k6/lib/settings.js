// The settings the scripts read from the environment (k6 run -e NAME=value) with the same defaults in
// every script. Each script reads the ones whose defaults are its own (RATE, LOTS, BIDDERS, WATCHERS).
// Imports nothing.

export const TARGET = (__ENV.TARGET || 'http://localhost:3000').replace(/\/+$/, '');
export const ADMIN_USER = __ENV.ADMIN_USER || 'admin@demo.local';
export const ADMIN_PASSWORD = __ENV.ADMIN_PASSWORD || 'Demo-Admin-2026!';
/** Seconds of load before any extension: browse reads for that long; the bidding runs' lots end by then. */
export const DURATION = Number(__ENV.DURATION || 60);
/** Anti-sniping in the bidding runs: a bid in a lot's last minutes extends it once by as many; 0 turns it off. */
export const EXTENSION_MINUTES = Number(__ENV.EXTENSION_MINUTES || 1);
/** In the bidding runs, bids go on until the last extended lot has closed, plus a little. */
export const LOAD_SECONDS = DURATION + EXTENSION_MINUTES * 60 + 5;
