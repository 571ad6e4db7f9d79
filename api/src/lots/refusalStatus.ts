import { KEY_REUSED, type RefusalReason } from '@auction/engine';
import { HttpError } from '../errors.ts';

/**
 * The HTTP status of every engine refusal, for bidders and operators alike. Typed over the
 * engine's refusal union, so a new refusal does not compile until it is given a status here.
 * 400: the request itself was malformed; 404: it named nothing (no such bid, no max held);
 * 409: the lot's state (closed, hidden, not opened yet, …); 422: the same idempotency key with
 * another request (Stripe's answer).
 */
const STATUS_OF_REFUSAL: Record<RefusalReason | typeof KEY_REUSED, { status: 400 | 404 | 409 | 422 }> = {
  bid_too_low: { status: 409 },
  max_bid_too_low: { status: 409 },
  proxy_not_allowed: { status: 400 },
  item_closed: { status: 409 },
  item_no_price: { status: 409 },
  item_hidden: { status: 409 },
  invalid_amount: { status: 400 },
  invalid_quantity: { status: 400 },
  sold_out: { status: 409 },
  auctionNotActive: { status: 409 },
  bid_not_found: { status: 404 },
  lot_not_opened: { status: 409 },
  lot_already_opened: { status: 409 },
  lot_not_ended: { status: 409 },
  invalid_date: { status: 400 },
  lot_not_live: { status: 409 },
  lot_already_sold: { status: 409 },
  lot_not_sold_on_stage: { status: 409 },
  live_sale_unchanged: { status: 409 },
  [KEY_REUSED]: { status: 422 },
};

function isKnownRefusal(reason: string): reason is keyof typeof STATUS_OF_REFUSAL {
  return Object.hasOwn(STATUS_OF_REFUSAL, reason);
}

/** The error a refused command answers, its message the engine's key; anything unknown is the lot's state. */
export function refusalError(reason: string): HttpError {
  return new HttpError(isKnownRefusal(reason) ? STATUS_OF_REFUSAL[reason].status : 409, reason);
}
