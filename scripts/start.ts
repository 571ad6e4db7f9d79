import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '@auction/api';
import {
  type Config,
  ConfigError,
  createDb,
  createPool,
  type Db,
  freePort,
  type LocalMessaging,
  loadConfig,
  type PushServiceDouble,
  type RunningService,
  resolveServices,
  type StripeDouble,
  startLocalMessaging,
  startPushServiceDouble,
  startStripeDouble,
} from '@auction/platform';
import { buildWebIfStale } from './lib/buildWeb.ts';
import { spawnProcess, waitForHealth } from './lib/children.ts';
import { prepareDatabase } from './lib/prepareDatabase.ts';
import { Supervised } from './lib/supervisor.ts';

/**
 * `npm start`: the whole product on one machine. PostgreSQL and Redis are embedded unless
 * DATABASE_URL / REDIS_URL are set; then migrations, the demo, the web build, the API and the
 * workers. The API and the workers are supervised: one that dies is restarted with backoff while
 * the rest keeps running. Ctrl-C stops what it started, in reverse order.
 */
const log = (line: string) => console.log(`[start] ${line}`);

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

/** The embedded servers, in the order they started. */
const servers: RunningService[] = [];
let localMessaging: { messaging: LocalMessaging; db: Db } | undefined;
let stripeDouble: StripeDouble | undefined;
let pushDouble: PushServiceDouble | undefined;
const processes: Supervised[] = [];
let stopping = false;

/** Every step is tried even when one fails, so nothing is left running. */
async function stopAll(code: number): Promise<never> {
  if (stopping) return new Promise(() => {});
  stopping = true;
  log('Stopping…');
  const attempt = async (step: () => Promise<unknown>) => {
    try {
      await step();
    } catch (error) {
      log(`while stopping: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  await Promise.all(processes.map((p) => attempt(() => p.stop())));
  if (stripeDouble) await attempt(() => (stripeDouble as StripeDouble).stop());
  if (pushDouble) await attempt(() => (pushDouble as PushServiceDouble).stop());
  if (localMessaging) {
    const { messaging, db } = localMessaging;
    await attempt(() => messaging.stop());
    await attempt(() => db.destroy());
  }
  for (const server of [...servers].reverse()) await attempt(() => server.stop());
  log('Stopped.');
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
process.on('SIGHUP', () => void stopAll(0));

function supervise(name: string, entry: string, env: NodeJS.ProcessEnv): Supervised {
  const supervised = new Supervised({
    name,
    spawn: () => spawnProcess(entry, env),
    log,
    onGiveUp: (who, lastLines) => {
      console.error(`[start] ${who} keeps dying; its last lines:\n${lastLines.map((l) => `  ${l}`).join('\n')}`);
      void stopAll(1);
    },
  });
  processes.push(supervised);
  supervised.start();
  return supervised;
}

try {
  const services = await resolveServices(config, log, servers);
  const demo = await prepareDatabase(services.databaseUrl, config.DEMO);
  log(demo);
  buildWebIfStale(log);

  const env = { DATABASE_URL: services.databaseUrl, REDIS_URL: services.redisUrl, PORT: String(config.PORT) };
  const messaging = await messagingEnv(config, services.databaseUrl);
  // The local push-service double (docs/messages.md "Web Push"): the API accepts subscriptions pointing at it.
  pushDouble = await startPushServiceDouble({ port: await freePort() });
  const pushOrigins = [config.PUSH_SERVICE_ORIGINS, pushDouble.url].filter(Boolean).join(',');
  supervise('api', 'api/src/main.ts', {
    ...env,
    ...messaging.api,
    ...(await stripeEnv(config)),
    PUSH_SERVICE_ORIGINS: pushOrigins,
  });
  supervise('workers', 'workers/src/main.ts', { ...env, ...messaging.workers });
  const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  await waitForHealth(`http://127.0.0.1:${config.PORT}/api/health`, () => stopping);

  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.username.length));
  console.log(
    [
      '',
      `  Charity Auctions is running at ${url}  (API under ${url}/api)`,
      config.DEMO ? `  Demo auction: ${url}/encans/demo-gala   (English: ${url}/en/auctions/demo-gala)` : '',
      localMessaging ? `  Outbox (email and SMS caught locally): ${url}/outbox` : '',
      stripeDouble
        ? `  Payments go to the local Stripe double at ${stripeDouble.url} (test card 4242 4242 4242 4242)`
        : '',
      config.DEMO ? '  Demo logins:' : '',
      ...(config.DEMO
        ? DEMO_ACCOUNTS.map((a) => `    ${a.role.padEnd(16)} ${a.username.padEnd(width)}  ${a.password}`)
        : []),
      '  Press Ctrl-C to stop.',
      '',
    ]
      .filter((line) => line !== '')
      .join('\n'),
  );
} catch (error) {
  // A service that could not start has already said why in one sentence; anything else gets its
  // message too, never a stack trace.
  console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
  await stopAll(1);
}

/**
 * Without SMTP_URL or the TWILIO_* values, email and SMS go to the local catchers, which store
 * them in the product's database for the outbox page. The API and the workers then share the SMS
 * double's auth token: the double signs its inbound texts with it and the API checks them.
 */
async function messagingEnv(
  config: Config,
  databaseUrl: string,
): Promise<{ api: NodeJS.ProcessEnv; workers: NodeJS.ProcessEnv }> {
  const twilio = Boolean(config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM_NUMBER);
  if (config.SMTP_URL && twilio) return { api: {}, workers: {} };
  const db = createDb(createPool(databaseUrl, 4));
  const messaging = await startLocalMessaging({ db });
  localMessaging = { messaging, db };
  const shared: NodeJS.ProcessEnv = { LOCAL_OUTBOX: 'true' };
  if (!config.SMTP_URL) shared.SMTP_URL = messaging.smtpUrl;
  if (twilio) {
    log(`Email goes to the local SMTP catcher (${messaging.smtpUrl}).`);
    return { api: shared, workers: shared };
  }
  Object.assign(shared, {
    TWILIO_ACCOUNT_SID: 'AC-local',
    TWILIO_FROM_NUMBER: '+15145550100',
    TWILIO_API_URL: messaging.twilioApiUrl,
  });
  log(
    `${config.SMTP_URL ? 'SMS goes' : 'Email and SMS go'} to the local catchers ` +
      `(SMTP ${messaging.smtpUrl}, Twilio API ${messaging.twilioApiUrl}).`,
  );
  // The double signs its inbound texts with its token for the URL the API checks (PUBLIC_URL's).
  const origin = config.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${config.PORT}`;
  messaging.sms.setInboundWebhook(`${origin}/api/sms/inbound`, {
    via: `http://127.0.0.1:${config.PORT}/api/sms/inbound`,
  });
  shared.TWILIO_AUTH_TOKEN = messaging.sms.authToken;
  return { api: shared, workers: shared };
}

/**
 * Without STRIPE_SECRET_KEY, payments go to the local Stripe double (docs/payments.md): the API gets
 * its URL, its test key and its webhook signing secret, and the double posts its events to the
 * API's webhook on this machine. With the key (and STRIPE_WEBHOOK_SECRET), the API talks to Stripe.
 */
async function stripeEnv(config: Config): Promise<NodeJS.ProcessEnv> {
  if (config.STRIPE_SECRET_KEY) return {};
  mkdirSync(config.DATA_DIR, { recursive: true });
  stripeDouble = await startStripeDouble({
    port: await freePort(),
    // Kept with the database: a customer or card it names still exists at the next start.
    stateFile: join(config.DATA_DIR, 'stripe-double.json'),
  });
  stripeDouble.setWebhook(`http://127.0.0.1:${config.PORT}/api/payments/stripe-webhook`);
  log(`Payments go to the local Stripe double (${stripeDouble.url}).`);
  return {
    STRIPE_SECRET_KEY: stripeDouble.secretKey,
    STRIPE_WEBHOOK_SECRET: stripeDouble.webhookSecret,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_local_double',
    STRIPE_API_URL: stripeDouble.url,
  };
}
