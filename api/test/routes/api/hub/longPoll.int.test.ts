import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../accounts/accountFlows.ts';
import { bidFromAnotherBidder } from '../../../hub/anotherBidder.ts';
import { startTestApp, type TestApp } from '../../../testApp.ts';

let test: TestApp;
let lot: {
  id: number;
  auctionId: number;
  lastBid: { value: number } | null;
  minimumIncrement: { value: number };
  startingBid: { value: number };
};
beforeAll(async () => {
  test = await startTestApp();
  await test.projections.caughtUp();
  const list = await test.app.inject({
    method: 'GET',
    url: '/api/auction-lot-items?urlMagicLink=demo-gala&pageSize=50',
  });
  lot = list
    .json()
    .items.find((l: { status: number; type: number }) => (l.status === 2 || l.status === 9) && l.type === 1);
});
afterAll(async () => {
  await test?.close();
});

type Message = { type: string; auctionId?: number; lastId?: string | null; message?: string; events?: unknown[] };

async function poll(
  subscriptions: Array<{ auctionId: number; lastId?: string }>,
  options: { waitMs?: number; token?: string } = {},
): Promise<{ status: number; messages: Message[]; elapsedMs: number }> {
  const started = Date.now();
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/hub/poll',
    ...(options.token ? { headers: bearer(options.token) } : {}),
    payload: { subscriptions, ...(options.waitMs === undefined ? {} : { waitMs: options.waitMs }) },
  });
  return { status: response.statusCode, messages: response.json().messages ?? [], elapsedMs: Date.now() - started };
}

/** The lots of the BidReceived events of an answer. */
const bidsOn = (messages: Message[]) =>
  messages
    .flatMap((m) => (m.events ?? []) as Array<{ event: string; data: { auctionLotItemId?: number } }>)
    .filter((e) => e.event === 'BidReceived')
    .map((e) => e.data.auctionLotItemId);

const positionOf = (messages: Message[]) => messages.find((m) => m.type === 'subscribed')?.lastId as string;

describe('POST /api/hub/poll, the hub over HTTP for clients without WebSockets', () => {
  it('answers a first poll at once with the position to resume from and the server clock', async () => {
    const first = await poll([{ auctionId: lot.auctionId }]);
    expect(first.status).toBe(200);
    expect(first.elapsedMs).toBeLessThan(3_000);
    expect(positionOf(first.messages)).toMatch(/^\d+-\d+$/);
    expect(first.messages.at(-1)?.type).toBe('SynchronizeClientTime');
  });

  it('holds a poll until a bid from another client arrives, then answers it live', async () => {
    const { messages } = await poll([{ auctionId: lot.auctionId }]);
    const waiting = poll([{ auctionId: lot.auctionId, lastId: positionOf(messages) }], { waitMs: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await bidFromAnotherBidder(test, lot.id);
    const answered = await waiting;
    expect(answered.elapsedMs).toBeLessThan(15_000);
    expect(answered.messages.find((m) => m.type === 'events')).toMatchObject({ auctionId: lot.auctionId });
    expect(bidsOn(answered.messages)).toContain(lot.id);
  });

  it('catches up what was published between two polls, from the position, without waiting', async () => {
    const { messages } = await poll([{ auctionId: lot.auctionId }]);
    await bidFromAnotherBidder(test, lot.id);
    await test.projections.caughtUp();
    const next = await poll([{ auctionId: lot.auctionId, lastId: positionOf(messages) }], { waitMs: 20_000 });
    expect(next.elapsedMs).toBeLessThan(10_000);
    expect(bidsOn(next.messages)).toContain(lot.id);
    // Asked again from the position reached: nothing new, an empty batch after the wait.
    const quiet = await poll([{ auctionId: lot.auctionId, lastId: positionOf(next.messages) }], { waitMs: 300 });
    expect(quiet.messages.map((m) => m.type)).toEqual(['subscribed', 'SynchronizeClientTime']);
    expect(quiet.elapsedMs).toBeGreaterThanOrEqual(250);
  });

  it('tells a client whose position the stream no longer keeps to refetch, as the WebSocket does', async () => {
    const stale = await poll([{ auctionId: lot.auctionId, lastId: '1-0' }], { waitMs: 20_000 });
    expect(stale.elapsedMs).toBeLessThan(10_000);
    expect(stale.messages.map((m) => m.type)).toEqual(['refetch', 'subscribed', 'SynchronizeClientTime']);
  });

  it('lets a bad token poll anonymously, told invalid_token', async () => {
    const answer = await poll([{ auctionId: lot.auctionId }], { token: 'not-a-token' });
    expect(answer.status).toBe(200);
    expect(answer.messages[0]).toEqual({ type: 'error', message: 'invalid_token' });
  });

  it('refuses bad input with a 400 and holds nothing', async () => {
    for (const subscriptions of [
      [],
      [{ auctionId: -1 }],
      [{ auctionId: lot.auctionId, lastId: 'x' }],
      [{ auctionId: 1 }, { auctionId: 1 }],
    ]) {
      const answer = await poll(subscriptions as Array<{ auctionId: number }>);
      expect(answer.status).toBe(400);
    }
    expect((await poll([{ auctionId: lot.auctionId }], { waitMs: 60_000 })).status).toBe(400);
  });

  // Last: it spends this client address's budget.
  it("bounds a client address's subscribes as the socket's message budget does: a flood of full polls is refused 429", async () => {
    // Each auction named is a subscribe: 100 at once, 20 a second (the polls above spent a few).
    const sixty = Array.from({ length: 60 }, (_, i) => ({ auctionId: 1_000_000 + i, lastId: '0-0' }));
    const first = await poll(sixty, { waitMs: 0 });
    expect(first.status).toBe(200);
    const again = await poll(sixty, { waitMs: 0 });
    expect(again.status).toBe(429);
  });
});
