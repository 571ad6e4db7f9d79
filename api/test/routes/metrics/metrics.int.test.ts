import { describe, expect, it } from 'vitest';
import { bearer, registerConfirmed } from '../../accounts/accountFlows.ts';
import { openLot } from '../../fixtures/lots.ts';
import { useTestApp } from '../../useTestApp.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
const test = useTestApp({ app: { metricsToken: TOKEN } });

const scrape = (remoteAddress: string, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

/** A sample's value in the Prometheus text (0 when absent). */
function sample(text: string, line: string): number {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
}

describe('GET /metrics', () => {
  it('counts bids accepted and refused by key, with their acknowledgement latency', async () => {
    const accepted = 'auction_bids_total{outcome="accepted",key="bid_successful"}';
    const refused = 'auction_bids_total{outcome="refused",key="bid_too_low"}';
    const latency = 'auction_bid_ack_seconds_count{outcome="accepted"}';
    const before = (await scrape('127.0.0.1')).body;
    const lotId = await openLot(test);
    const bidder = await registerConfirmed(test);
    const bid = (amount: number) =>
      test.app.inject({
        method: 'POST',
        url: `/api/bids/auctionlotitem/${lotId}/bid`,
        headers: bearer(bidder.token),
        payload: { amount },
      });
    expect((await bid(10)).statusCode).toBe(200);
    expect((await bid(5)).statusCode).toBe(409);

    const response = await scrape('127.0.0.1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const after = response.body;
    expect(sample(after, accepted) - sample(before, accepted)).toBe(1);
    expect(sample(after, refused) - sample(before, refused)).toBe(1);
    expect(sample(after, latency) - sample(before, latency)).toBe(1);
    expect(after).toContain('auction_append_batch_size_bucket');
    expect(after).toContain('process_cpu_user_seconds_total');
  });

  it('refuses another machine without the token, and answers it with the token', async () => {
    const refused = await scrape('203.0.113.7');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('forbidden');
    expect((await scrape('203.0.113.7', { authorization: 'Bearer wrong-token-0123456789abcdef' })).statusCode).toBe(
      403,
    );
    const allowed = await scrape('203.0.113.7', { authorization: `Bearer ${TOKEN}` });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('auction_bids_total');
  });

  it('refuses a request forwarded by a proxy on this machine without the token', async () => {
    expect((await scrape('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(403);
    expect((await scrape('::1')).statusCode).toBe(200);
  });
});
