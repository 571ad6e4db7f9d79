import type { Socket } from 'node:net';
import { createRedis, publishHubEvent } from '@auction/platform';
import { testPrefix, testRedisUrl } from '@auction/platform/testing';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identify } from '../../src/hub/hubIdentity.ts';
import { eventually, type HubApp, HubClient, sleep, startHubApp } from './hubTestKit.ts';

const prefix = testPrefix();
const jwtSecret = 'hub-test-secret-hub-test-secret!';
let redis: Redis;
let hub: HubApp;
const clients: HubClient[] = [];

async function client(url = hub.url(), options: { autoPong?: boolean } = {}): Promise<HubClient> {
  const c = await HubClient.connect(url, options);
  clients.push(c);
  return c;
}

beforeAll(async () => {
  redis = createRedis(testRedisUrl());
  hub = await startHubApp({ redisUrl: testRedisUrl(), redisPrefix: prefix, jwtSecret });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await hub.app.close();
  redis.disconnect();
});

describe('connecting', () => {
  it('sends SynchronizeClientTime with the server’s current time first', async () => {
    const before = Date.now();
    const watcher = await client();
    await eventually(() => watcher.received.length > 0);
    const first = watcher.received[0];
    expect(first?.type).toBe('SynchronizeClientTime');
    const time = Date.parse((first as { currentTime: string }).currentTime);
    expect(time).toBeGreaterThanOrEqual(before - 5);
    expect(time).toBeLessThanOrEqual(Date.now() + 5);
  });

  it('answers ping with pong', async () => {
    const watcher = await client();
    watcher.send({ type: 'ping' });
    expect(await watcher.expectNext('pong')).toEqual({ type: 'pong' });
  });

  it('reads the user from a valid access token and tells a bad token apart, watching either way', async () => {
    const token = hub.app.jwt.sign({ sub: 'user-1', ver: 0, typ: 'access' });
    expect(await identify(hub.app, token)).toEqual({ userId: 'user-1', invalidToken: false });
    const refresh = hub.app.jwt.sign({ sub: 'user-1', ver: 0, typ: 'refresh' });
    expect(await identify(hub.app, refresh)).toEqual({ userId: null, invalidToken: true });
    const current = async (_userId: string, version: number) => version === 1;
    expect(await identify(hub.app, token, current)).toEqual({ userId: null, invalidToken: true });
    const renewed = hub.app.jwt.sign({ sub: 'user-1', ver: 1, typ: 'access' });
    expect(await identify(hub.app, renewed, current)).toEqual({ userId: 'user-1', invalidToken: false });

    const signedIn = await client(hub.url(`?access_token=${token}`));
    signedIn.send({ type: 'ping' });
    expect(await signedIn.next()).toEqual({ type: 'pong' });

    const badToken = await client(hub.url('?access_token=not-a-jwt'));
    expect(await badToken.next()).toEqual({ type: 'error', message: 'invalid_token' });
    await badToken.subscribe(21);
    await publishHubEvent(redis, 21, 'AuctionStarted', {}, prefix);
    expect(await badToken.expectNext('events')).toMatchObject({ auctionId: 21 });
  });

  it('keeps the access token out of the logs', async () => {
    const token = hub.app.jwt.sign({ sub: 'user-2', ver: 0, typ: 'access' });
    await client(hub.url(`?access_token=${token}`));
    await eventually(() => hub.logs.some((line) => line.includes('access_token=[redacted]')));
    expect(hub.logs.join('\n')).not.toContain(token);
  });
});

describe('bad messages', () => {
  it('answer invalid_message and keep the socket open', async () => {
    const watcher = await client();
    const bad = [
      'not json',
      { type: 'subscribe', auctionId: 'seven' },
      { type: 'subscribe', auctionId: 7, lastId: 'yesterday' },
      { type: 'subscribe', auctionId: -1 },
      { type: 'dance' },
    ];
    for (const message of bad) {
      watcher.send(message);
      expect(await watcher.next()).toEqual({ type: 'error', message: 'invalid_message' });
    }
    watcher.socket.send(Buffer.from('{"type":"ping"}'), { binary: true });
    expect(await watcher.next()).toEqual({ type: 'error', message: 'invalid_message' });
    watcher.send({ type: 'ping' });
    expect(await watcher.next()).toEqual({ type: 'pong' });
    expect(watcher.closed).toBeNull();
  });
});

describe('heartbeats and slow clients', () => {
  it('cuts a socket that does not answer pings, keeps one that does', async () => {
    const quick = await startHubApp({ redisUrl: testRedisUrl(), redisPrefix: prefix, heartbeatMs: 100 });
    try {
      const dead = await client(quick.url(), { autoPong: false });
      const healthy = await client(quick.url());
      await eventually(() => dead.closed !== null, 2_000, 'the dead socket to be cut');
      expect(dead.closed?.code).toBe(1006);
      await sleep(300);
      expect(healthy.closed).toBeNull();
    } finally {
      await quick.app.close();
    }
  });

  it('closes a socket that stops reading with 1013 instead of buffering for it', async () => {
    const bounded = await startHubApp({ redisUrl: testRedisUrl(), redisPrefix: prefix, maxBufferedBytes: 64 * 1024 });
    try {
      const slow = await client(bounded.url());
      await slow.subscribe(22);
      const raw = (slow.socket as unknown as { _socket: Socket })._socket;
      raw.pause();
      const payload = 'x'.repeat(256 * 1024);
      for (let round = 0; round < 16; round++) {
        for (let i = 0; i < 4; i++) await publishHubEvent(redis, 22, 'BidReceived', { payload }, prefix);
        await sleep(120);
      }
      raw.resume();
      await eventually(() => slow.closed !== null, 10_000, 'the slow socket to be closed');
      expect(slow.closed).toEqual({ code: 1013, reason: 'backpressure' });
      expect(slow.eventsOf(22).length).toBeLessThan(64);
    } finally {
      await bounded.app.close();
    }
  });
});

describe('shutdown', () => {
  it('closes sockets with 1001 and lets the app close promptly', async () => {
    const closing = await startHubApp({ redisUrl: testRedisUrl(), redisPrefix: prefix });
    const watcher = await client(closing.url());
    await watcher.subscribe(23);
    const started = Date.now();
    await closing.app.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    await eventually(() => watcher.closed !== null);
    expect(watcher.closed).toEqual({ code: 1001, reason: 'server_shutdown' });
  });

  it('is not held up by an upgrade request to another path', async () => {
    const closing = await startHubApp({ redisUrl: testRedisUrl(), redisPrefix: prefix });
    await expect(HubClient.connect(closing.url().replace('BidNotificationHub', 'elsewhere'))).rejects.toThrow('404');
    const started = Date.now();
    await closing.app.close();
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
