import { randomBytes } from 'node:crypto';
import { createLotCommandHandler, PostgresEventStore } from '@auction/engine';
import {
  createRedis,
  freePort,
  generateVapidKeys,
  type StripeDouble,
  startStripeDouble,
  unsubscribeKey,
} from '@auction/platform';
import { createTestDatabase, type TestDatabase, testPrefix, testRedisUrl } from '@auction/platform/testing';
import type { Projections } from '@auction/projections';
import { startTestProjections } from '@auction/projections/testing';
import { startTestMessaging, type TestMessaging } from '@auction/workers/testing';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { type AppDeps, buildApp } from '../src/app.ts';
import { engineBidding } from '../src/demo/engineBidding.ts';
import { loadDemo } from '../src/demo/loadDemo.ts';

export const TEST_PUBLIC_URL = 'http://auctions.test';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  redis: Redis;
  /** What the product emailed and texted, through the real queue, worker and local catchers. */
  messaging: TestMessaging;
  /** The local Stripe double the app's Stripe calls go to; its webhook events are injected into the app. */
  stripe: StripeDouble;
  /** Every log line the API wrote. */
  logs: string[];
  /** The id of a (demo) auction by its link. */
  auctionId(urlMagicLink: string): Promise<number>;
  /** The id of an auction's first lot by lot number. */
  firstLotId(auctionId: number): Promise<number>;
  /** The read models' runner, publishing hub events under `prefix`. */
  projections: Projections;
  prefix: string;
  /** The key the app checks unsubscribe links with (`unsubscribeKey` of its secret). */
  unsubscribeKey: Buffer;
  close(): Promise<void>;
}

/** The real API on a database of its own, with the demo loaded through the engine. */
let vapidPublicKey: string | undefined;
/** One VAPID key pair per test process: the app only needs its public half to answer. */
function testVapidPublicKey(): string {
  vapidPublicKey ??= generateVapidKeys().publicKey;
  return vapidPublicKey;
}

export async function startTestApp(
  options: {
    demo?: boolean;
    /** Settings of the app under test (TRUST_PROXY, the outbox). */
    app?: Partial<AppDeps>;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const eventStore = new PostgresEventStore(database.pool);
  const handler = createLotCommandHandler(eventStore);
  if (options.demo !== false) {
    await loadDemo(database.db, (adminId) => engineBidding(database.db, handler, adminId));
  }
  const prefix = testPrefix();
  const redis = createRedis(testRedisUrl());
  const jwtSecret = randomBytes(32).toString('hex');
  // The worker signs emails' unsubscribe links with the app's secret, as in production.
  const messaging = await startTestMessaging({
    db: database.db,
    redisUrl: testRedisUrl(),
    prefix,
    unsubscribe: { key: unsubscribeKey(jwtSecret), publicUrl: TEST_PUBLIC_URL },
  });
  const stripe = await startStripeDouble({ port: await freePort() });
  const logs: string[] = [];
  const projections = startTestProjections(database, redis, prefix);
  const app = await buildApp({
    db: database.db,
    pool: database.pool,
    redis,
    lotCommands: handler,
    eventStore,
    messageQueue: messaging.queue,
    jwtSecret,
    publicUrl: TEST_PUBLIC_URL,
    logLevel: 'info',
    logStream: { write: (line: string) => void logs.push(line) },
    rateLimitNamespace: prefix,
    hub: { redisUrl: testRedisUrl(), redisPrefix: prefix },
    stripe: {
      secretKey: stripe.secretKey,
      webhookSecret: stripe.webhookSecret,
      publishableKey: 'pk_test_local_double',
      apiUrl: stripe.url,
    },
    // Web Push configured as in production, so its calls answer rather than push_unavailable.
    push: { vapidPublicKey: testVapidPublicKey(), extraOrigins: [] },
    ...options.app,
  });
  stripe.setWebhook(async (payload, signature) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/payments/stripe-webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    return response.statusCode;
  });
  return {
    app,
    database,
    stripe,
    redis,
    messaging,
    logs,
    projections,
    prefix,
    unsubscribeKey: unsubscribeKey(jwtSecret),
    async auctionId(urlMagicLink) {
      const row = await database.db
        .selectFrom('auctions')
        .select('id')
        .where('url_magic_link', '=', urlMagicLink)
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async firstLotId(auctionId) {
      const lot = await database.db
        .selectFrom('lots')
        .select('id')
        .where('auction_id', '=', auctionId)
        .orderBy('lot_number')
        .executeTakeFirstOrThrow();
      return lot.id;
    },
    async close() {
      await app.close();
      await projections.stop();
      await messaging.stop();
      await stripe.stop();
      redis.disconnect();
      await database.drop();
    },
  };
}
