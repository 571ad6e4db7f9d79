import { Queue } from 'bullmq';
import { z } from 'zod';
import { type QueueOptions, queueLocation } from '../queueLocation.ts';

/**
 * Email and SMS leave the product only through this queue: the API and the workers' own jobs put a
 * `MessageJob` on it, the workers render it in the recipient's language and send it (nodemailer
 * over SMTP, the twilio SDK). A request never waits on a mail server or a phone network.
 */
export const MESSAGES_QUEUE = 'messages';

export const messageTemplates = [
  'emailConfirmation',
  'passwordRecoveryEmail',
  'passwordRecoveryCode',
  'phoneValidationCode',
  'onboardingInvite',
  'temporaryPassword',
  'usernameChanged',
  'passwordChanged',
  'outbidEmail',
  'outbidSms',
  'lotWonEmail',
  'lotWonSms',
  'outbidPush',
  'lotWonPush',
  'lotWonAfterRemovalEmail',
  'lotWonAfterRemovalSms',
  'lotWonAfterRemovalPush',
  'lotWinWithdrawnEmail',
  'lotWinWithdrawnSms',
  'lotWinWithdrawnPush',
  'lotWonAfterCorrectionEmail',
  'lotWonAfterCorrectionSms',
  'lotWonAfterCorrectionPush',
  'lotWinWithdrawnByCorrectionEmail',
  'lotWinWithdrawnByCorrectionSms',
  'lotWinWithdrawnByCorrectionPush',
  'auctionInvoiceEmail',
  'invoicePaidEmail',
  'donationReceiptReplacedEmail',
  'invoiceReopenedEmail',
  'auctionAnnouncementEmail',
  'auctionAnnouncementSms',
  'auctionAnnouncementPush',
] as const;
export type MessageTemplate = (typeof messageTemplates)[number];

/**
 * A file an email carries (an invoice or a receipt as PDF), its bytes in base64. Documents are
 * rendered when the message is enqueued, so the email shows the invoice as it was then.
 */
export const messageAttachmentSchema = z.object({
  filename: z.string().regex(/^[\w.-]{1,100}\.pdf$/),
  contentType: z.literal('application/pdf'),
  contentBase64: z.string().max(2_000_000),
});
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

export const messageJobSchema = z.object({
  /** Deduplication key: the same id is delivered at most once, whatever the retries. */
  id: z.string().min(1).max(200),
  channel: z.enum(['email', 'sms', 'push']),
  /** An email address, a phone number as 10 digits (North America), or for push the user's id (each of their browsers gets it). */
  to: z.string().min(1),
  language: z.enum(['en', 'fr']),
  template: z.enum(messageTemplates),
  /** Values the template interpolates (links, codes, names). Never logged. */
  params: z.record(z.string(), z.string()),
  userId: z.string().optional(),
  /** Emails only. */
  attachments: z.array(messageAttachmentSchema).max(3).optional(),
  /** The organisation whose auction the message is about: its unsubscribe link turns off that organisation's email. */
  organizationId: z.number().int().positive().optional(),
});
export type MessageJob = z.infer<typeof messageJobSchema>;

export function createMessageQueue(options: QueueOptions): Queue<MessageJob> {
  return new Queue<MessageJob>(MESSAGES_QUEUE, {
    ...queueLocation(options),
    defaultJobOptions: {
      attempts: 8,
      backoff: { type: 'exponential', delay: 2_000 },
      removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
      removeOnFail: false,
    },
  });
}

/** What senders of messages need of the queue. */
export type MessageQueue = Pick<Queue<MessageJob>, 'add'>;

/** What senders of several messages at once need of the queue. */
export type MessageBatchQueue = Pick<Queue<MessageJob>, 'addBulk'>;

/** BullMQ job ids may not contain `:`; the message's id is the dedup key either way. */
export const messageJobId = (message: MessageJob) => message.id.replaceAll(':', '_');

/** Adds the message once: BullMQ ignores a second job with the same id while the first is kept. */
export async function enqueueMessage(queue: MessageQueue, job: MessageJob): Promise<void> {
  const valid = messageJobSchema.parse(job);
  await queue.add(valid.template, valid, { jobId: messageJobId(valid) });
}

/** Adds the messages in one round trip to Redis, each once under its id as `enqueueMessage` does. */
export async function enqueueMessages(queue: MessageBatchQueue, jobs: readonly MessageJob[]): Promise<void> {
  if (jobs.length === 0) return;
  const valid = jobs.map((job) => messageJobSchema.parse(job));
  await queue.addBulk(valid.map((job) => ({ name: job.template, data: job, opts: { jobId: messageJobId(job) } })));
}
