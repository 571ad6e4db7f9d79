import { testPrefix, testRedisUrl } from '@auction/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, type HubApp, HubClient, sleep, startHubApp } from './hubTestKit.ts';

const prefix = testPrefix();
let hub: HubApp;
const clients: HubClient[] = [];
/** Each authorisation check of a subscribe (a database query in the app), held until `release`. */
const checks: number[] = [];
let release: () => void = () => {};
let gate: Promise<void> = Promise.resolve();

function holdChecks() {
  gate = new Promise((resolve) => {
    release = resolve;
  });
}

async function client(): Promise<HubClient> {
  const c = await HubClient.connect(hub.url());
  clients.push(c);
  return c;
}

beforeAll(async () => {
  hub = await startHubApp({
    redisUrl: testRedisUrl(),
    redisPrefix: prefix,
    mayWatch: async (_userId, auctionId) => {
      checks.push(auctionId);
      await gate;
      return true;
    },
  });
});
afterAll(async () => {
  release();
  await Promise.all(clients.map((c) => c.close()));
  await hub.app.close();
});

const count = (c: HubClient, type: string) => c.received.filter((m) => m.type === type).length;

describe("a hub connection's message budget", () => {
  it('closes a socket that floods it with 1008 and a reason, after at most the burst', async () => {
    const flooder = await client();
    for (let i = 0; i < 200; i++) flooder.send({ type: 'ping' });
    await eventually(() => flooder.closed !== null, 3_000, 'the close');
    expect(flooder.closed).toEqual({ code: 1008, reason: 'message_rate_exceeded' });
    expect(count(flooder, 'pong')).toBeLessThanOrEqual(40);
  });

  it('lets a client at its pace go on', async () => {
    const steady = await client();
    for (let i = 0; i < 60; i++) {
      steady.send({ type: 'ping' });
      await sleep(60);
    }
    await eventually(() => count(steady, 'pong') === 60, 3_000, 'the pongs');
    expect(steady.closed).toBeNull();
  });
});

describe('subscribing again', () => {
  it('checks an auction once: a subscribe under way or done is not read again', async () => {
    const watcher = await client();
    holdChecks();
    const before = checks.length;
    for (let i = 0; i < 5; i++) watcher.send({ type: 'subscribe', auctionId: 41 });
    await sleep(100);
    release();
    await watcher.expectNext('subscribed');
    watcher.send({ type: 'subscribe', auctionId: 41 });
    expect(await watcher.expectNext('subscribed')).toMatchObject({ auctionId: 41 });
    expect(checks.length - before).toBe(1);
  });

  it('counts the subscribes under way against the bound of 100', async () => {
    const hoarder = await client();
    holdChecks();
    const before = checks.length;
    // Within the message budget: 40 at once, then 20 a second.
    for (let i = 0; i < 101; i++) {
      hoarder.send({ type: 'subscribe', auctionId: 5000 + i });
      if (i >= 39) await sleep(55);
    }
    await eventually(() => count(hoarder, 'error') === 1, 3_000, 'the refusal');
    expect(hoarder.received.find((m) => m.type === 'error')).toMatchObject({ message: 'too_many_subscriptions' });
    release();
    await eventually(() => count(hoarder, 'subscribed') === 100, 5_000, 'the subscriptions');
    expect(checks.length - before).toBe(100);
    expect(hoarder.closed).toBeNull();
  });
});
