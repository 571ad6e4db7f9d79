import { type Db, enqueueMessage, type MessageJob, messageJobId } from '@auction/platform';
import { testRedisUrl } from '@auction/platform/testing';
import { type BackoffOptions, Job, type Queue, type Worker } from 'bullmq';
import type { EmailSender } from '../../src/messages/emailSender.ts';
import { type DeliveryOutcome, type MessageLogEntry, startMessageWorker } from '../../src/messages/messageWorker.ts';

/**
 * A messages worker of the test's own, on the test Redis under the queue's prefix, sending email
 * through `email` and logging into `logs`: for the tests that put a sender in front of it
 * (a refusing SMTP server, a proxy that cuts connections).
 */
export function startLoggedMessageWorker(
  db: Db,
  email: EmailSender,
  prefix: string,
  logs: MessageLogEntry[],
): Worker<MessageJob, DeliveryOutcome> {
  return startMessageWorker({
    db,
    email,
    connection: { url: testRedisUrl() },
    prefix,
    log: (entry) => logs.push(entry),
  });
}

/**
 * The message enqueued as the product enqueues it, and its job read back: for the tests that process
 * a job by hand, on a queue no worker listens to.
 */
export async function enqueuedJob(queue: Queue<MessageJob>, message: MessageJob): Promise<Job<MessageJob>> {
  await enqueueMessage(queue, message);
  const found = await Job.fromId<MessageJob>(queue, messageJobId(message));
  if (!found) throw new Error(`job ${message.id} not found`);
  return found;
}

/** The job once completed or failed, as it stands then. */
export async function finishedJob(queue: Queue<MessageJob>, jobId: string): Promise<Job<MessageJob>> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const state = await queue.getJobState(jobId);
    // Read after its state is final: a job read first could be the last attempt's, still running,
    // and show one attempt less than the failure that followed it.
    const found = state === 'completed' || state === 'failed' ? await Job.fromId<MessageJob>(queue, jobId) : undefined;
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`job ${jobId} did not finish (${state})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The message added under `jobId` with three attempts and the backoff given, once its job completed or failed. */
export async function finishedWithRetries(
  queue: Queue<MessageJob>,
  message: MessageJob,
  jobId: string,
  backoff: BackoffOptions,
): Promise<Job<MessageJob>> {
  await queue.add(message.template, message, { jobId, attempts: 3, backoff });
  return finishedJob(queue, jobId);
}
