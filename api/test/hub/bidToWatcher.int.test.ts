import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { HUB_PATH } from '../../src/hub/hubPlugin.ts';
import { bearer, registerConfirmed } from '../accounts/accountFlows.ts';
import { useTestApp } from '../useTestApp.ts';
import { HubClient } from './hubTestKit.ts';

const test = useTestApp({ caughtUp: true });
beforeAll(async () => {
  await test.app.listen({ port: 0, host: '127.0.0.1' });
});

describe('a bid reaches a watcher', () => {
  it('goes from the engine through the projections and Redis to an anonymous WebSocket client', async () => {
    const { port } = test.app.server.address() as AddressInfo;
    const list = await test.app.inject({
      method: 'GET',
      url: '/api/auction-lot-items?urlMagicLink=demo-gala&pageSize=50',
    });
    const lot = list
      .json()
      .items.find((l: { status: number; type: number }) => (l.status === 2 || l.status === 9) && l.type === 1);
    const watcher = await HubClient.connect(`ws://127.0.0.1:${port}${HUB_PATH}`);
    await watcher.subscribe(lot.auctionId);

    const bidder = await registerConfirmed(test);
    const amount = (lot.lastBid ? lot.lastBid.value + lot.minimumIncrement.value : lot.startingBid.value) + 1;
    const placed = await test.app.inject({
      method: 'POST',
      url: `/api/bids/auctionlotitem/${lot.id}/bid`,
      headers: bearer(bidder.token),
      payload: { amount },
    });
    expect(placed.statusCode).toBe(200);

    const message = await watcher.expectNext('events', 5_000);
    expect(message.auctionId).toBe(lot.auctionId);
    expect(message.events[0]).toMatchObject({
      event: 'BidReceived',
      data: { auctionLotItemId: lot.id, lotNumber: lot.lotNumber, isDelete: false, leaderUserId: bidder.id },
    });
    await watcher.close();
  });
});

describe('who the hub thinks a client is', () => {
  it('refuses a token from before a password change, as HTTP does, and lets the client watch anonymously', async () => {
    const { port } = test.app.server.address() as AddressInfo;
    const bidder = await registerConfirmed(test);
    const current = await HubClient.connect(`ws://127.0.0.1:${port}${HUB_PATH}?access_token=${bidder.token}`);
    current.send({ type: 'ping' });
    expect(await current.next()).toEqual({ type: 'pong' });
    await current.close();

    await test.database.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', bidder.id)
      .execute();
    const stale = await HubClient.connect(`ws://127.0.0.1:${port}${HUB_PATH}?access_token=${bidder.token}`);
    expect(await stale.next()).toEqual({ type: 'error', message: 'invalid_token' });
    await stale.close();
  });
});
