import { onAppendBatch } from '@auction/engine';
import { loadSigningKey } from '@auction/engine/audit';
import {
  connectDb,
  createMessageQueue,
  createRedis,
  loadServiceConfig,
  resolveJwtSecret,
  unsubscribeKey,
} from '@auction/platform';
import { loadMediaSettings, openMediaStore } from '@auction/platform/media';
import { appendBatchSize, countJobFailures, startMetricsServer, watchQueues } from '@auction/platform/metrics';
import { startProjections, watchProjectionLag } from '@auction/projections';
import { startAuctionWorkers } from './auctionWorkers.ts';
import { startCheckpointWorker } from './audit/checkpointWorker.ts';
import { startPhotoCollectionWorker } from './media/photoCollectionWorker.ts';
import { createMessageSenders } from './messages/messageSenders.ts';
import { startMessageWorker } from './messages/messageWorker.ts';

/**
 * The workers process: the projections runner (read models and hub events; several processes may
 * run it, one applies while the others stand by), the messages worker (email and SMS), and the
 * closings, auction lifecycle and bidder notifications (docs/workers.md). WORKER_ROLES picks the
 * parts: `auction` (everything but sending messages), `messages`, or `all` (the default).
 */
const log = (line: string) => console.log(`[workers] ${line}`);

const config = loadServiceConfig('The workers');
// The API's photo store, read from the same settings (S3_URL, else DATA_DIR/media); a bad S3_URL stops here as it stops the API.
const media = loadMediaSettings(config);

const roles = config.WORKER_ROLES;
const { pool, db } = connectDb(config.DATABASE_URL);
const hubRedis = roles.auction ? createRedis(config.REDIS_URL) : null;
const projections = hubRedis ? startProjections({ pool, db, redis: hubRedis }) : null;
const senders = roles.messages ? createMessageSenders(config) : null;
const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
// Emails carry unsubscribe links signed with a key derived from the application's secret, which the API checks.
const unsubscribe = { key: unsubscribeKey(resolveJwtSecret(config)), publicUrl };
const worker = senders
  ? startMessageWorker({ db, ...senders, unsubscribe, connection: { url: config.REDIS_URL } })
  : null;
await worker?.waitUntilReady();
const messageQueue = roles.auction ? createMessageQueue({ connection: { url: config.REDIS_URL } }) : null;
const auctionWorkers =
  hubRedis && messageQueue
    ? startAuctionWorkers({
        pool,
        db,
        connection: { url: config.REDIS_URL },
        hubRedis,
        messages: messageQueue,
        publicUrl,
      })
    : null;

// Signed checkpoints of the audit log, with the key the API signs bid receipts with (docs/audit.md).
const auditCheckpoints = roles.auction
  ? startCheckpointWorker({
      pool,
      connection: { url: config.REDIS_URL },
      key: loadSigningKey({ key: config.AUDIT_SIGNING_KEY, dataDir: config.DATA_DIR }),
      log,
    })
  : null;

// Stored photo files no row names any more, removed a day after (docs/operator-api.md "Lot photos").
const photoCollection = roles.auction
  ? startPhotoCollectionWorker({ db, store: openMediaStore(media), connection: { url: config.REDIS_URL }, log })
  : null;

// GET /metrics (WORKERS_METRICS_PORT): the closings' and the projections' lag, queue depths, failed jobs.
onAppendBatch((appends) => appendBatchSize.observe(appends));
if (auctionWorkers && messageQueue) {
  watchQueues([auctionWorkers.closings, auctionWorkers.lifecycle, messageQueue]);
  watchProjectionLag(db);
}
countJobFailures([
  ...(auctionWorkers ? [auctionWorkers.closingWorker, auctionWorkers.lifecycleWorker] : []),
  ...(worker ? [worker] : []),
  ...(photoCollection ? [photoCollection.worker] : []),
]);
const metricsServer = config.WORKERS_METRICS_PORT
  ? await startMetricsServer({ port: config.WORKERS_METRICS_PORT, host: config.HOST, token: config.METRICS_TOKEN, log })
  : null;

if (senders) {
  const smtp = config.SMTP_URL ? new URL(config.SMTP_URL).host : 'not configured (set SMTP_URL)';
  const sms = senders.sms
    ? config.TWILIO_API_URL
      ? `Twilio API at ${new URL(config.TWILIO_API_URL).host}`
      : 'Twilio'
    : 'not configured (set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER)';
  log(`messages worker started; email: ${smtp}; SMS: ${sms}`);
}
if (projections) log('projections started');
auctionWorkers?.swept.then(
  (swept) =>
    log(
      `closings, lifecycle and notifications started; sweep: ${swept.lotsClosed} overdue lots closed, ${swept.lotsScheduled} lots and ${swept.auctionsScheduled} auctions scheduled`,
    ),
  () => undefined,
);

let stopping = false;
async function shutdown(): Promise<void> {
  if (stopping) return;
  stopping = true;
  // close() lets the jobs in progress finish; an unfinished one is picked up again at the next start.
  metricsServer?.close();
  await auctionWorkers?.stop();
  await auditCheckpoints?.stop();
  await photoCollection?.stop();
  await worker?.close();
  await messageQueue?.close();
  await projections?.stop();
  hubRedis?.disconnect();
  senders?.email?.close();
  await db.destroy();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
