import { createRedis, hubChannel, hubStreamKey, publishHubEvent } from '@auction/platform';
import { testPrefix, testRedisUrl } from '@auction/platform/testing';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, type HubApp, HubClient, sleep, startHubApp } from './hubTestKit.ts';

const prefix = testPrefix();
let redis: Redis;
let hub: HubApp;
let other: HubApp;
const clients: HubClient[] = [];

async function client(app: HubApp = hub): Promise<HubClient> {
  const c = await HubClient.connect(app.url());
  clients.push(c);
  return c;
}

const bid = (auctionLotItemId: number) => ({
  auctionLotItemId,
  lotNumber: `${auctionLotItemId}`,
  auctionLotItemType: 1,
  isDelete: false,
});

beforeAll(async () => {
  redis = createRedis(testRedisUrl());
  hub = await startHubApp({ redisUrl: testRedisUrl(), redisPrefix: prefix });
  other = await startHubApp({ redisUrl: testRedisUrl(), redisPrefix: prefix });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await hub.app.close();
  await other.app.close();
  redis.disconnect();
});

describe('live delivery', () => {
  it('sends an anonymous watcher a published event with the spec’s fields and its stream id', async () => {
    const watcher = await client();
    expect(await watcher.subscribe(1)).toEqual({ type: 'subscribed', auctionId: 1, lastId: null });
    const id = await publishHubEvent(redis, 1, 'BidReceived', bid(11), prefix);
    expect(await watcher.expectNext('events')).toEqual({
      type: 'events',
      auctionId: 1,
      events: [
        {
          id,
          event: 'BidReceived',
          data: { auctionLotItemId: 11, lotNumber: '11', auctionLotItemType: 1, isDelete: false },
        },
      ],
    });
  });

  it('gathers the events of one tick into one message, in publication order', async () => {
    const watcher = await client();
    await watcher.subscribe(2);
    // Past the previous test's tick, so these five start a tick of their own.
    await sleep(150);
    const ids: string[] = [];
    for (let lot = 1; lot <= 5; lot++) ids.push(await publishHubEvent(redis, 2, 'BidReceived', bid(lot), prefix));
    const message = await watcher.expectNext('events');
    expect(message.events.map((e) => e.id)).toEqual(ids);
    expect(message.events.map((e) => e.data.auctionLotItemId)).toEqual([1, 2, 3, 4, 5]);
    await sleep(250);
    expect(watcher.eventsOf(2)).toHaveLength(5);
  });

  it('sends a watcher of another auction nothing', async () => {
    const watcher = await client();
    const bystander = await client();
    await watcher.subscribe(3);
    await bystander.subscribe(4);
    await publishHubEvent(redis, 3, 'AuctionEnded', { auctionId: 3 }, prefix);
    await watcher.expectNext('events');
    await sleep(250);
    expect(bystander.received.filter((m) => m.type === 'events')).toEqual([]);
  });

  it('stops after unsubscribe', async () => {
    const watcher = await client();
    await watcher.subscribe(5);
    watcher.send({ type: 'unsubscribe', auctionId: 5 });
    expect(await watcher.expectNext('unsubscribed')).toEqual({ type: 'unsubscribed', auctionId: 5 });
    await publishHubEvent(redis, 5, 'AuctionStarted', {}, prefix);
    await sleep(250);
    expect(watcher.eventsOf(5)).toEqual([]);
  });

  it('delivers once to a client that subscribed twice', async () => {
    const watcher = await client();
    await watcher.subscribe(11);
    await watcher.subscribe(11);
    const id = await publishHubEvent(redis, 11, 'AuctionPreOpen', {}, prefix);
    await watcher.expectNext('events');
    await sleep(250);
    expect(watcher.eventsOf(11).map((e) => e.id)).toEqual([id]);
  });

  it('fans out across API processes: each instance delivers to its own clients what anyone published', async () => {
    const onFirst = await client(hub);
    const onSecond = await client(other);
    await onFirst.subscribe(6);
    await onSecond.subscribe(6);
    const first = await publishHubEvent(redis, 6, 'DonationReceived', { amount: 50 }, prefix);
    const second = await publishHubEvent(redis, 6, 'BidDeleted', { auctionLotItemId: 3, userId: 'u1' }, prefix);
    await eventually(() => onFirst.eventsOf(6).length === 2 && onSecond.eventsOf(6).length === 2);
    await sleep(250);
    for (const watcher of [onFirst, onSecond]) expect(watcher.eventsOf(6).map((e) => e.id)).toEqual([first, second]);
  });
});

describe('reconnecting with the last id seen', () => {
  it('gets exactly the missed events in one message, then live ones', async () => {
    const before = await client();
    await before.subscribe(7);
    const seen = await publishHubEvent(redis, 7, 'BidReceived', bid(1), prefix);
    await before.expectNext('events');
    await before.close();

    const missed = [
      await publishHubEvent(redis, 7, 'BidReceived', bid(2), prefix),
      await publishHubEvent(redis, 7, 'AuctionLotItemEndDateChanged', { auctionLotItemNumber: 2 }, prefix),
    ];
    const after = await client();
    after.send({ type: 'subscribe', auctionId: 7, lastId: seen });
    const caughtUp = await after.expectNext('events');
    expect(caughtUp.events.map((e) => e.id)).toEqual(missed);
    expect(caughtUp.events.map((e) => e.event)).toEqual(['BidReceived', 'AuctionLotItemEndDateChanged']);
    expect(await after.expectNext('subscribed')).toEqual({ type: 'subscribed', auctionId: 7, lastId: missed[1] });

    const live = await publishHubEvent(redis, 7, 'AuctionEnded', {}, prefix);
    expect((await after.expectNext('events')).events.map((e) => e.id)).toEqual([live]);
  });

  it('does not send again a missed event whose live message arrives after the catch-up', async () => {
    const before = await client();
    await before.subscribe(12);
    const seen = await publishHubEvent(redis, 12, 'BidReceived', bid(1), prefix);
    await before.expectNext('events');
    await before.close();
    // An event appended while the client was away, whose pub/sub message is late (it comes below).
    const body = JSON.stringify({ auctionId: 12, event: 'BidReceived', data: bid(2) });
    const late = await redis.xadd(hubStreamKey(prefix, 12), '*', 'e', body);
    if (!late) throw new Error('no stream id');

    const after = await client();
    after.send({ type: 'subscribe', auctionId: 12, lastId: seen });
    expect((await after.expectNext('events')).events.map((e) => e.id)).toEqual([late]);
    await after.expectNext('subscribed');
    await redis.publish(hubChannel(prefix, 12), `{"id":"${late}",${body.slice(1)}`);
    const live = await publishHubEvent(redis, 12, 'AuctionEnded', {}, prefix);
    expect((await after.expectNext('events')).events.map((e) => e.id)).toEqual([live]);
  });

  it('with nothing missed, is told so by the acknowledgement alone', async () => {
    const seen = await publishHubEvent(redis, 8, 'AuctionStarted', {}, prefix);
    const watcher = await client();
    expect(await watcher.subscribe(8, seen)).toEqual({ type: 'subscribed', auctionId: 8, lastId: seen });
    const plain = await client();
    expect(await plain.subscribe(8)).toEqual({ type: 'subscribed', auctionId: 8, lastId: seen });
  });

  it('is told to refetch when its position is older than the stream keeps', async () => {
    const old = await publishHubEvent(redis, 9, 'BidReceived', bid(1), prefix);
    await publishHubEvent(redis, 9, 'BidReceived', bid(2), prefix);
    const kept = await publishHubEvent(redis, 9, 'BidReceived', bid(3), prefix);
    await redis.xtrim(hubStreamKey(prefix, 9), 'MAXLEN', 1);

    const watcher = await client();
    watcher.send({ type: 'subscribe', auctionId: 9, lastId: old });
    expect(await watcher.expectNext('refetch')).toEqual({ type: 'refetch', auctionId: 9 });
    expect(await watcher.expectNext('subscribed')).toEqual({ type: 'subscribed', auctionId: 9, lastId: kept });
    const live = await publishHubEvent(redis, 9, 'AuctionEnded', {}, prefix);
    expect((await watcher.expectNext('events')).events.map((e) => e.id)).toEqual([live]);
  });
});

describe('losing Redis', () => {
  it('tells watchers to refetch once the subscription is back, then delivers again', async () => {
    // A Redis user of its own lets the test cut exactly this hub's connections.
    const user = `hub-${prefix}`;
    await redis.call('ACL', 'SETUSER', user, 'on', '>secret', '~*', '&*', '+@all');
    const url = new URL(testRedisUrl());
    url.username = user;
    url.password = 'secret';
    const cut = await startHubApp({ redisUrl: url.toString(), redisPrefix: prefix });
    try {
      const watcher = await client(cut);
      await watcher.subscribe(10);
      await redis.call('CLIENT', 'KILL', 'USER', user);
      expect(await watcher.expectNext('refetch')).toEqual({ type: 'refetch', auctionId: 10 });
      const id = await publishHubEvent(redis, 10, 'AuctionEnded', {}, prefix);
      expect((await watcher.expectNext('events')).events.map((e) => e.id)).toEqual([id]);
    } finally {
      await cut.app.close();
      await redis.call('ACL', 'DELUSER', user);
    }
  });
});
