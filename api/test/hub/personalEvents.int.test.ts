import { createRedis, publishHubEvent } from '@auction/platform';
import { testPrefix, testRedisUrl } from '@auction/platform/testing';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HubApp, HubClient, sleep, startHubApp } from './hubTestKit.ts';

// Events for one user (their own maximum bid, docs/hub.md "Events for one user"): in the auction's
// stream like the others, given to that user's connections alone.
const prefix = testPrefix();
let redis: Redis;
let hub: HubApp;
const clients: HubClient[] = [];

async function connect(userId: string | null): Promise<HubClient> {
  const token = userId ? hub.app.jwt.sign({ sub: userId, ver: 0, typ: 'access' }) : null;
  const client = await HubClient.connect(hub.url(token ? `?access_token=${token}` : ''));
  clients.push(client);
  return client;
}

const maxBidChanged = { auctionLotItemId: 5, lotNumber: 5 };
const bid = { auctionLotItemId: 5, lotNumber: 5, auctionLotItemType: 1, isDelete: false };

beforeAll(async () => {
  redis = createRedis(testRedisUrl());
  hub = await startHubApp({ redisUrl: testRedisUrl(), redisPrefix: prefix, jwtSecret: 'personal-events-secret' });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await hub.app.close();
  redis.disconnect();
});

describe('an event for one user', () => {
  it("reaches every device of that user, and no other watcher, even in the same tick as the auction's events", async () => {
    const [phone, laptop, bob, anonymous] = [
      await connect('alice'),
      await connect('alice'),
      await connect('bob'),
      await connect(null),
    ];
    for (const watcher of [phone, laptop, bob, anonymous]) await watcher.subscribe(31);
    const mine = await publishHubEvent(redis, 31, 'MaxBidChanged', maxBidChanged, prefix, 'alice');
    const everyone = await publishHubEvent(redis, 31, 'BidReceived', bid, prefix);

    for (const device of [phone, laptop]) {
      expect((await device.expectNext('events')).events).toEqual([
        // Sent without whom it is for.
        { id: mine, event: 'MaxBidChanged', data: maxBidChanged },
        { id: everyone, event: 'BidReceived', data: bid },
      ]);
    }
    for (const other of [bob, anonymous]) {
      expect((await other.expectNext('events')).events.map((e) => e.id)).toEqual([everyone]);
    }
    // A tick holding only another user's event sends these watchers nothing at all.
    await sleep(150);
    await publishHubEvent(redis, 31, 'MaxBidChanged', maxBidChanged, prefix, 'alice');
    await phone.expectNext('events');
    await sleep(250);
    expect(bob.eventsOf(31).map((e) => e.id)).toEqual([everyone]);
    expect(anonymous.eventsOf(31).map((e) => e.id)).toEqual([everyone]);
  });

  it('is caught up by that user reconnecting, and skipped for anyone else, whose position never names it', async () => {
    const seen = await publishHubEvent(redis, 32, 'AuctionStarted', {}, prefix);
    const mine = await publishHubEvent(redis, 32, 'MaxBidChanged', maxBidChanged, prefix, 'alice');

    const alice = await connect('alice');
    alice.send({ type: 'subscribe', auctionId: 32, lastId: seen });
    expect((await alice.expectNext('events')).events).toEqual([
      { id: mine, event: 'MaxBidChanged', data: maxBidChanged },
    ]);
    expect(await alice.expectNext('subscribed')).toEqual({ type: 'subscribed', auctionId: 32, lastId: mine });

    const bob = await connect('bob');
    bob.send({ type: 'subscribe', auctionId: 32, lastId: seen });
    // Nothing of Alice's, not even its id: Bob stays where he was, and resuming there skips it again.
    expect(await bob.expectNext('subscribed')).toEqual({ type: 'subscribed', auctionId: 32, lastId: seen });
    expect(bob.eventsOf(32)).toEqual([]);
    const everyone = await publishHubEvent(redis, 32, 'BidReceived', bid, prefix);
    expect((await bob.expectNext('events')).events.map((e) => e.id)).toEqual([everyone]);
  });

  it('is not the position a first subscribe acknowledges to anyone else, who is given the newest event they may see', async () => {
    const seen = await publishHubEvent(redis, 33, 'AuctionStarted', {}, prefix);
    const mine = await publishHubEvent(redis, 33, 'MaxBidChanged', maxBidChanged, prefix, 'alice');

    const [alice, bob, anonymous] = [await connect('alice'), await connect('bob'), await connect(null)];
    for (const watcher of [alice, bob, anonymous]) watcher.send({ type: 'subscribe', auctionId: 33 });
    expect(await alice.expectNext('subscribed')).toEqual({ type: 'subscribed', auctionId: 33, lastId: mine });
    for (const other of [bob, anonymous]) {
      expect(await other.expectNext('subscribed')).toEqual({ type: 'subscribed', auctionId: 33, lastId: seen });
    }
    // Subscribing again is acknowledged where each stands, without reading anything.
    bob.send({ type: 'subscribe', auctionId: 33 });
    expect(await bob.expectNext('subscribed')).toEqual({ type: 'subscribed', auctionId: 33, lastId: seen });
  });

  it("leaves a watcher without a position when the stream holds only other users' events", async () => {
    await publishHubEvent(redis, 34, 'MaxBidChanged', maxBidChanged, prefix, 'alice');
    const bob = await connect('bob');
    bob.send({ type: 'subscribe', auctionId: 34 });
    expect(await bob.expectNext('subscribed')).toEqual({ type: 'subscribed', auctionId: 34, lastId: null });
  });

  it("stops looking back after fifty of other users' events, at the oldest of them", async () => {
    await publishHubEvent(redis, 35, 'AuctionStarted', {}, prefix);
    const hers: string[] = [];
    for (let i = 0; i < 60; i++)
      hers.push(await publishHubEvent(redis, 35, 'MaxBidChanged', maxBidChanged, prefix, 'alice'));
    const bob = await connect('bob');
    bob.send({ type: 'subscribe', auctionId: 35 });
    expect(await bob.expectNext('subscribed')).toEqual({ type: 'subscribed', auctionId: 35, lastId: hers[10] });
  });
});
