import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRedis,
  type HubEventToPublish,
  hubChannelPattern,
  hubEventsSince,
  hubStreamKey,
  publishHubEvent,
  publishHubEvents,
} from '../../src/index.ts';
import { testPrefix, testRedisUrl } from '../../src/testing.ts';

let redis: Redis;
let subscriber: Redis;
const prefix = testPrefix();
/** Every frame published on an auction's channel, parsed, in the order received. */
const live: Array<{ channel: string; frame: { id: string; auctionId: number; event: string; data: unknown } }> = [];

beforeAll(async () => {
  redis = createRedis(testRedisUrl());
  subscriber = createRedis(testRedisUrl());
  subscriber.on('pmessage', (_pattern, channel, message) => live.push({ channel, frame: JSON.parse(message) }));
  await subscriber.psubscribe(hubChannelPattern(prefix));
});
afterAll(() => {
  redis.disconnect();
  subscriber.disconnect();
});

const bid = (auctionId: number, lot: number, price: number): HubEventToPublish => ({
  auctionId,
  event: 'BidReceived',
  data: { auctionLotItemId: lot, price: { value: price, currencyCode: 'CAD' } },
});

async function liveFrames(count: number, auctionIds: number[]) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const frames = live.filter((entry) => auctionIds.includes(entry.frame.auctionId));
    if (frames.length >= count) return frames;
    if (Date.now() > deadline) throw new Error(`${frames.length} of ${count} frames received`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('hub events published in one round trip', () => {
  it('appends each event to its auction stream and publishes it on its channel, in order', async () => {
    // Three auctions interleaved, as a batch of the projections holds them.
    const events = Array.from({ length: 60 }, (_, i) => bid(101 + (i % 3), i, 10 + i));
    const ids = await publishHubEvents(redis, events, prefix);
    expect(ids.every((id) => typeof id === 'string')).toBe(true);

    for (const auctionId of [101, 102, 103]) {
      const mine = events.flatMap((event, i) => (event.auctionId === auctionId ? [{ event, id: ids[i] }] : []));
      const stream = (await hubEventsSince(redis, auctionId, '0-0', prefix)) ?? [];
      expect(stream).toEqual(mine.map(({ event, id }) => ({ id, ...event })));
    }

    const frames = await liveFrames(60, [101, 102, 103]);
    // One connection saw them all: the order across auctions is the batch's.
    expect(frames.map((entry) => entry.frame)).toEqual(events.map((event, i) => ({ id: ids[i], ...event })));
    expect(frames.map((entry) => entry.channel)).toEqual(
      events.map((event) => `${prefix}hub:auction:${event.auctionId}`),
    );
  });

  it('publishes the same entries and frames as one event at a time, after it in the stream', async () => {
    const single = await publishHubEvent(redis, 104, 'AuctionStarted', { auctionId: 104 }, prefix);
    const [batched] = await publishHubEvents(redis, [{ auctionId: 104, event: 'AuctionEnded', data: {} }], prefix);
    const stream = (await hubEventsSince(redis, 104, '0-0', prefix)) ?? [];
    expect(stream).toEqual([
      { id: single, auctionId: 104, event: 'AuctionStarted', data: { auctionId: 104 } },
      { id: batched, auctionId: 104, event: 'AuctionEnded', data: {} },
    ]);
    const frames = await liveFrames(2, [104]);
    expect(frames.map((entry) => entry.frame)).toEqual(stream);
  });

  it('answers the error of an event that failed, and publishes the others', async () => {
    // Something else already holds auction 105's stream key: its XADD fails.
    await redis.set(hubStreamKey(prefix, 105), 'not a stream');
    const outcomes = await publishHubEvents(redis, [bid(106, 1, 10), bid(105, 2, 20), bid(106, 3, 30)], prefix);
    expect(outcomes[0]).toEqual(expect.any(String));
    expect(outcomes[1]).toBeInstanceOf(Error);
    expect((outcomes[1] as Error).message).toMatch(/WRONGTYPE/);
    expect(outcomes[2]).toEqual(expect.any(String));
    const stream = (await hubEventsSince(redis, 106, '0-0', prefix)) ?? [];
    expect(stream.map((entry) => entry.id)).toEqual([outcomes[0], outcomes[2]]);
    expect((await liveFrames(2, [105, 106])).map((entry) => entry.frame.auctionId)).toEqual([106, 106]);
  });

  it('keeps publishing on a new connection (the script is sent again)', async () => {
    await publishHubEvents(redis, [bid(107, 1, 10)], prefix);
    redis.disconnect(true);
    const [id] = await publishHubEvents(redis, [bid(107, 2, 20)], prefix);
    expect(id).toEqual(expect.any(String));
    expect(((await hubEventsSince(redis, 107, '0-0', prefix)) ?? []).map((entry) => entry.data)).toEqual([
      bid(107, 1, 10).data,
      bid(107, 2, 20).data,
    ]);
  });

  it('does nothing for no events', async () => {
    expect(await publishHubEvents(redis, [], prefix)).toEqual([]);
  });
});
