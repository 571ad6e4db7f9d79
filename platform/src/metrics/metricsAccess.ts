import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

export interface MetricsRequest {
  /** The TCP peer, never a forwarded address. */
  socketAddress: string | undefined;
  /** Whether the request came through a proxy (X-Forwarded-For or Forwarded present). */
  forwarded: boolean;
  authorization: string | undefined;
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * /metrics tells how busy the product is and how many people bid: it is for the operators' own
 * scraper. A client on the same machine may read it (a scraper beside the process); any other needs
 * `Authorization: Bearer <METRICS_TOKEN>`. A request that went through a proxy is not the machine's
 * own even when the proxy sits on loopback, so it needs the token too.
 */
export function mayReadMetrics(request: MetricsRequest, token: string | undefined): boolean {
  if (token && request.authorization?.startsWith('Bearer ')) {
    if (sameSecret(request.authorization.slice('Bearer '.length).trim(), token)) return true;
  }
  return isLoopback(request.socketAddress) && !request.forwarded;
}
