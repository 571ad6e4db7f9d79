import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { createLotCommandHandler, PostgresEventStore } from '@auction/engine';
import { createMessageQueue, createRedis } from '@auction/platform';
import { createTestDatabase, type TestDatabase, testRedisUrl } from '@auction/platform/testing';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { engineBidding } from '../../src/demo/engineBidding.ts';
import { loadDemo } from '../../src/demo/loadDemo.ts';
import { bearer, login, newBidder, register } from '../accounts/accountFlows.ts';

let database: TestDatabase;
let app: FastifyInstance;
let redis: Redis;
let queueRedis: Redis;
let relay: { url: string; down(): Promise<void> };

/** A TCP relay to the test Redis: taking it down is Redis becoming unreachable for the API. */
async function redisRelay(target: string): Promise<{ url: string; down(): Promise<void> }> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = tcpConnect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const relayPort = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `redis://127.0.0.1:${relayPort}`,
    down: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const eventStore = new PostgresEventStore(database.pool);
  const handler = createLotCommandHandler(eventStore);
  await loadDemo(database.db, (adminId) => engineBidding(database.db, handler, adminId));
  relay = await redisRelay(testRedisUrl());
  // As api/src/main.ts makes them.
  redis = createRedis(relay.url, { failFast: true });
  queueRedis = createRedis(relay.url, { failFast: true });
  for (const client of [redis, queueRedis]) client.on('error', () => {});
  const messageQueue = createMessageQueue({
    connection: queueRedis,
    prefix: `redis-down-${randomBytes(4).toString('hex')}`,
  });
  messageQueue.on('error', () => {});
  app = await buildApp({
    db: database.db,
    pool: database.pool,
    redis,
    lotCommands: handler,
    eventStore,
    messageQueue,
    jwtSecret: randomBytes(32).toString('hex'),
    publicUrl: 'http://auctions.test',
    logLevel: 'silent',
    rateLimitNamespace: `redis-down-${randomBytes(4).toString('hex')}`,
  });
}, 60_000);
afterAll(async () => {
  await app?.close();
  redis?.disconnect();
  queueRedis?.disconnect();
  await database?.drop();
});

describe('Redis unavailable', () => {
  it('reads and bids keep working; the calls that need Redis answer 503, promptly', async () => {
    const signedIn = await login(app, 'bidder@demo.local', 'Demo-Bidder-2026!');
    expect(signedIn.status).toBe(200);
    await relay.down();
    const started = Date.now();

    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    const read = await app.inject({ method: 'GET', url: '/api/auctions/url-magic-link?urlMagicLink=demo-gala' });
    expect(read.statusCode, read.body).toBe(200);
    const lots = await app.inject({ method: 'GET', url: '/api/auction-lot-items?urlMagicLink=demo-gala' });
    expect(lots.statusCode, lots.body).toBe(200);

    const lot = await database.db
      .selectFrom('lots as l')
      .innerJoin('auctions as a', 'a.id', 'l.auction_id')
      .select('l.id')
      .where('a.url_magic_link', '=', 'demo-gala')
      .where('l.type', '!=', 3)
      .where('l.starting_bid', '>', 0)
      .where('l.date_completed', '>', new Date(Date.now() + 5 * 60_000))
      .orderBy('l.id')
      .executeTakeFirstOrThrow();
    const bid = await app.inject({
      method: 'POST',
      url: `/api/bids/auctionlotitem/${lot.id}/bid`,
      headers: bearer(signedIn.body.token),
      payload: { amount: 90_000, isMax: false, auctionLotItem_Id: lot.id },
    });
    expect(bid.statusCode, bid.body).toBe(200);
    expect(bid.json().message).toBe('bid_successful');

    // Signing in is rate limited, and the limits' counters live in Redis.
    const signIn = await login(app, 'bidder2@demo.local', 'Demo-Bidder-2026!');
    expect(signIn.status).toBe(503);
    expect(signIn.body).toMatchObject({ message: 'service_unavailable' });
    // Registering sends a confirmation code through the message queue, which lives in Redis.
    const registration = await register(app, newBidder());
    expect(registration.statusCode, registration.body).toBe(503);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
