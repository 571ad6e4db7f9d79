import { ConfigError, createDb, createPool, createRedis, loadConfig } from '@auction/platform';
import { startProjections } from '@auction/projections';
import { createMessageSenders } from './messages/messageSenders.ts';
import { startMessageWorker } from './messages/messageWorker.ts';

/**
 * The workers process: the projections runner (read models and hub events; several processes may
 * run it, one applies while the others stand by) and the messages worker (email and SMS).
 * Closings and lifecycle arrive with the workers issue (see docs/status.md).
 */
const log = (line: string) => console.log(`[workers] ${line}`);

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
if (!config.REDIS_URL || !config.DATABASE_URL) {
  console.error('The workers need REDIS_URL and DATABASE_URL (npm start sets them).');
  process.exit(1);
}

const pool = createPool(config.DATABASE_URL);
const db = createDb(pool);
const hubRedis = createRedis(config.REDIS_URL);
const projections = startProjections({ pool, db, redis: hubRedis });
const senders = createMessageSenders(config);
const worker = startMessageWorker({ db, ...senders, connection: { url: config.REDIS_URL } });
await worker.waitUntilReady();

const smtp = config.SMTP_URL ? new URL(config.SMTP_URL).host : 'not configured (set SMTP_URL)';
const sms = senders.sms
  ? config.TWILIO_API_URL
    ? `Twilio API at ${new URL(config.TWILIO_API_URL).host}`
    : 'Twilio'
  : 'not configured (set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER)';
log(`projections started; messages worker started; email: ${smtp}; SMS: ${sms}`);

let stopping = false;
async function shutdown(): Promise<void> {
  if (stopping) return;
  stopping = true;
  // close() lets the jobs in progress finish; an unfinished one is picked up again at the next start.
  await worker.close();
  await projections.stop();
  hubRedis.disconnect();
  senders.email?.close();
  await db.destroy();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
