// Bids in the closing-minute and hot-lot scripts: how their lots are opened, what a bid's amount is
// and how a bid is sent and counted. Imports k6 modules only.
import { check } from 'k6';
import http from 'k6/http';
import { Counter } from 'k6/metrics';

export const STARTING_BID_CENTS = 1000;

const refused = new Counter('bids_refused');
const serverErrors = new Counter('http_5xx');

/**
 * A bid's amount is the starting bid plus one cent per millisecond since t0, so amounts on a lot
 * rise with time across all VUs, and a watcher can read from a price when its bid was sent.
 */
export const amountCentsAt = (t0, now) => STARTING_BID_CENTS + Math.max(0, now - t0);
export const sentAtOf = (t0, cents) => t0 + cents - STARTING_BID_CENTS;

/**
 * The operator API's body for a lot that opens at the starting bid and ends at dateCompleted; a bid in
 * its last extensionMinutes extends it once (no extension with 0).
 */
export function biddingLot({ lotNumber, translations, dateCompleted, extensionMinutes, commandId }) {
  return {
    lotNumber,
    type: 1,
    translations,
    startingBid: STARTING_BID_CENTS / 100,
    // One cent: amounts derived from the send time (above) always step by at least that.
    minimumIncrement: 0.01,
    dateCompleted,
    allowsTimeExtension: extensionMinutes > 0,
    extensionDurationInMinutes: extensionMinutes,
    extensionDurationMaximumMinutes: extensionMinutes,
    minutesLeftBeforeAllowingExtension: extensionMinutes,
    commandId,
  };
}

/**
 * Sends one bid as the bidder with this token, checks it was answered by the rules (accepted, or
 * refused with a 409, counted in bids_refused by reason) and answers the response.
 */
export function placeBid(target, lotId, token, cents, commandId) {
  const response = http.post(
    `${target}/api/bids/auctionlotitem/${lotId}/bid`,
    JSON.stringify({ amount: cents / 100, commandId }),
    { headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, tags: { name: 'bid' } },
  );
  check(response, {
    'bid answered without a server error': (r) => r.status > 0 && r.status < 500,
    'bid accepted or refused by the rules': (r) => r.status === 200 || r.status === 409,
  });
  if (response.status >= 500) serverErrors.add(1);
  if (response.status === 409) refused.add(1, { reason: response.json('message') });
  return response;
}
