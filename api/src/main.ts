import { createLotCommandHandler, onAppendBatch, PostgresEventStore } from '@auction/engine';
import { loadSigningKey } from '@auction/engine/audit';
import {
  connectDb,
  createAuctionLifecycleQueue,
  createMessageQueue,
  createRedis,
  loadServiceConfig,
  resolveJwtSecret,
  resolveVapidKeys,
} from '@auction/platform';
import { loadMediaSettings } from '@auction/platform/media';
import { appendBatchSize } from '@auction/platform/metrics';
import { buildApp } from './app.ts';

/**
 * The API process. `npm start` runs it with DATABASE_URL and REDIS_URL pointing at the services it
 * started; in production they come from the environment. Several may run behind one load balancer.
 */
const config = loadServiceConfig('The API');
// A bad bucket address is said in one sentence now, not at the first photo upload.
const media = loadMediaSettings(config);
const { pool, db } = connectDb(config.DATABASE_URL, 20);
// Fail fast: with Redis down, only the calls that need it answer (503); reads and bids go on.
const redis = createRedis(config.REDIS_URL, { failFast: true });
const messageQueue = createMessageQueue({ connection: createRedis(config.REDIS_URL, { failFast: true }) });
const auctionLifecycle = createAuctionLifecycleQueue({ connection: createRedis(config.REDIS_URL, { failFast: true }) });
const eventStore = new PostgresEventStore(pool);
onAppendBatch((appends) => appendBatchSize.observe(appends));
const app = await buildApp({
  db,
  pool,
  redis,
  lotCommands: createLotCommandHandler(eventStore),
  eventStore,
  auctionLifecycle,
  messageQueue,
  jwtSecret: resolveJwtSecret(config),
  // Web Push: the same VAPID pair as the workers (environment, else DATA_DIR/vapid.json).
  push: {
    vapidPublicKey: resolveVapidKeys(config, config.DATA_DIR).publicKey,
    extraOrigins: (config.PUSH_SERVICE_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  },
  mediaDir: media.mediaDir,
  auditSigningKey: loadSigningKey({ key: config.AUDIT_SIGNING_KEY, dataDir: config.DATA_DIR }),
  publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
  logLevel: config.LOG_LEVEL,
  localOutbox: config.LOCAL_OUTBOX,
  trustProxy: config.TRUST_PROXY,
  hub: { redisUrl: config.REDIS_URL },
  ...(config.CAD_TO_USD_RATE ? { cadToUsdRate: config.CAD_TO_USD_RATE } : {}),
  ...(config.TWILIO_AUTH_TOKEN ? { twilioAuthToken: config.TWILIO_AUTH_TOKEN } : {}),
  ...(config.METRICS_TOKEN ? { metricsToken: config.METRICS_TOKEN } : {}),
  ...(config.BRAND_HOSTS ? { brandHosts: config.BRAND_HOSTS } : {}),
  brandAnalytics: {
    ...(config.BRAND1_ANALYTICS_PROPERTY ? { 1: config.BRAND1_ANALYTICS_PROPERTY } : {}),
    ...(config.BRAND2_ANALYTICS_PROPERTY ? { 2: config.BRAND2_ANALYTICS_PROPERTY } : {}),
  },
  ...(config.ADDRESS_COMPLETE_KEY ? { addressCompleteKey: config.ADDRESS_COMPLETE_KEY } : {}),
  ...(config.S3_URL ? { s3Url: config.S3_URL } : {}),
  // Stripe itself, or the local Stripe double npm start runs (STRIPE_API_URL); without both keys, payments answer 503.
  ...(config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
    ? {
        stripe: {
          secretKey: config.STRIPE_SECRET_KEY,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET,
          publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? '',
          ...(config.STRIPE_API_URL ? { apiUrl: config.STRIPE_API_URL } : {}),
        },
      }
    : {}),
  // Compiled, this file is api/dist/main.js and the autoloaded plugins and routes sit beside it.
  sourceDir: import.meta.dirname,
});

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  await app.close();
  await messageQueue.close();
  await auctionLifecycle.close();
  await db.destroy();
  redis.disconnect();
  process.exit(0);
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

await app.listen({ port: config.PORT, host: config.HOST });
process.send?.({ type: 'listening', port: config.PORT });
