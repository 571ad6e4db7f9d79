export { isAllowedHref, richTextPolicy } from '@auction/contract/richTextPolicy';
export { resolveJwtSecret } from './appSecret.ts';
export { type Config, ConfigError, configSchema, loadConfig } from './config.ts';
export { connectDb, createDb, createPool, type Db, executePrepared } from './db.ts';
export {
  HUB_STREAM_LENGTH,
  type HubEvent,
  type HubEventName,
  type HubEventToPublish,
  hubChannel,
  hubChannelPattern,
  hubEventNames,
  hubEventsSince,
  hubNewestEvents,
  hubStreamKey,
  publishHubEvent,
  publishHubEvents,
} from './hub/hubEvents.ts';
export {
  AUCTION_LIFECYCLE_QUEUE,
  type AuctionLifecycleJob,
  type AuctionLifecycleQueue,
  CLOSINGS_QUEUE,
  createAuctionLifecycleQueue,
  requestAuctionSchedule,
} from './lifecycle/lifecycleJobs.ts';
export { DEFAULT_RED_MINUTES, dateTurningRed, type RedRule } from './lots/dateTurningRed.ts';
export { type AccountLinks, accountLinks } from './messages/accountLinks.ts';
export {
  createMessageQueue,
  enqueueMessage,
  enqueueMessages,
  MESSAGES_QUEUE,
  type MessageAttachment,
  type MessageBatchQueue,
  type MessageJob,
  type MessageQueue,
  type MessageTemplate,
  messageAttachmentSchema,
  messageJobId,
  messageJobSchema,
  messageTemplates,
} from './messages/messageJob.ts';
export {
  channelsFor,
  type NotificationFamily,
  type NotificationPreferences,
} from './messages/notificationChannels.ts';
export { migrateToLatest } from './migrate.ts';
export { type PeriodicJob, type PeriodicJobOptions, startPeriodicJob } from './periodicJob.ts';
export { tenDigitPhone, toE164 } from './phoneNumber.ts';
export { generateVapidKeys, resolveVapidKeys, type VapidKeys } from './push/vapidKeys.ts';
export { type QueueOptions, queueLocation } from './queueLocation.ts';
export { createRedis } from './redis.ts';
export { sanitizeRichText } from './richText/sanitizeRichText.ts';
export type * from './schema.ts';
export { loadServiceConfig, type ServiceConfig } from './serviceConfig.ts';
export { aptInstall, onPath } from './services/aptInstall.ts';
export { freePort } from './services/freePort.ts';
export { type LocalMessaging, startLocalMessaging } from './services/localMessaging.ts';
export { listOutbox, type OutboxMessage, type OutboxQuery } from './services/outbox.ts';
export { assertPortFree, ServiceStartError } from './services/portCheck.ts';
export {
  ensureDatabase,
  type RunningPostgres,
  type RunningService,
  startEmbeddedPostgres,
} from './services/postgres.ts';
export {
  type DoubleSubscription,
  type PushServiceDouble,
  type ReceivedPush,
  startPushServiceDouble,
} from './services/pushServiceDouble.ts';
export { REDIS_MISSING_MESSAGE, startLocalRedis, stopChild } from './services/redis.ts';
export { resolveServices, type Services } from './services/resolve.ts';
export { type S3Double, type StoredObject, startS3Double } from './services/s3Double.ts';
export { type SmsDouble, type SmsDoubleOptions, startSmsDouble, twilioSignature } from './services/smsDouble.ts';
export {
  MESSAGE_ID_HEADER,
  type SmtpCatcher,
  type SmtpCatcherOptions,
  startSmtpCatcher,
} from './services/smtpCatcher.ts';
export {
  type StripeDouble,
  type StripeDoubleOptions,
  type StripeEvent,
  startStripeDouble,
  stripeSignature,
  type TestCard,
} from './services/stripeDouble.ts';
export { liftSmsStop, recordSmsStop, smsStopReason, userSmsStopped } from './smsOptOuts.ts';
export { escapeHtml } from './text/escapeHtml.ts';
export {
  signUnsubscribeToken,
  type UnsubscribeScope,
  unsubscribeKey,
  unsubscribeLinks,
  verifyUnsubscribeToken,
} from './unsubscribe/unsubscribeToken.ts';
export {
  AUDIT_CHECKPOINTS_QUEUE,
  PAYMENT_ATTEMPTS_QUEUE,
  PHOTO_COLLECTION_QUEUE,
  workerQueueNames,
} from './workerQueues.ts';
