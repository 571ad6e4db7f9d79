import { CLOSINGS_QUEUE, type QueueOptions, queueLocation } from '@auction/platform';
import { Queue } from 'bullmq';

/**
 * The delayed jobs of the `closings` queue. Ids are deterministic (what, which, when), so several
 * worker processes scheduling the same thing add one job; a job that runs after its lot or group
 * moved finds the new date and does nothing, so moving a date never needs the old job removed
 * (it is removed when that is possible, to keep the queue short).
 */
export type ClosingJob =
  | { kind: 'closeLot'; lotId: string; endsAt: number }
  | { kind: 'lotClosingSoon'; lotId: string; redAt: number }
  /** `runAt` is when this check runs: after the group's end, then after the latest end of its extended lots. */
  | { kind: 'closeGroup'; groupId: number; endsAt: number; runAt: number }
  | { kind: 'groupClosingSoon'; groupId: number; endsAt: number; redAt: number };

export type ClosingQueue = Queue<ClosingJob>;

export function createClosingQueue(options: QueueOptions): ClosingQueue {
  return new Queue<ClosingJob>(CLOSINGS_QUEUE, {
    ...queueLocation(options),
    defaultJobOptions: {
      attempts: 10,
      backoff: { type: 'exponential', delay: 500 },
      // Completed jobs go, so a date moved back to an earlier value can use its id again; failed
      // ones stay for the dashboard.
      removeOnComplete: true,
      removeOnFail: false,
    },
  });
}

/** BullMQ ids may not contain ':'. */
export function closingJobId(job: ClosingJob): string {
  switch (job.kind) {
    case 'closeLot':
      return `closeLot-${job.lotId}-${job.endsAt}`;
    case 'lotClosingSoon':
      return `lotClosingSoon-${job.lotId}-${job.redAt}`;
    case 'closeGroup':
      return `closeGroup-${job.groupId}-${job.endsAt}-${job.runAt}`;
    case 'groupClosingSoon':
      return `groupClosingSoon-${job.groupId}-${job.endsAt}-${job.redAt}`;
  }
}

export function runAtOf(job: ClosingJob): number {
  switch (job.kind) {
    case 'closeLot':
      return job.endsAt;
    case 'closeGroup':
      return job.runAt;
    default:
      return job.redAt;
  }
}

/**
 * Closes are handed to a worker this long before their time and the worker waits the rest in
 * process: Redis wakes blocked clients on its own timer (10 times a second by default) and BullMQ's
 * delayed jobs are late by tens to hundreds of milliseconds, while a timer in the process is late
 * by about one.
 */
export const CLOSE_LEAD_MS = 2_000;

/**
 * A closing group is looked at this long after its end: its lots' own jobs close them at the end
 * itself, and the group's job then finds them closed (or closes one whose job was lost) and tells
 * the hub the group closed.
 */
export const GROUP_CHECK_DELAY_MS = 1_000;

/** When the queue should hand the job to a worker. */
export function dueAtOf(job: ClosingJob): number {
  return job.kind === 'closeLot' ? runAtOf(job) - CLOSE_LEAD_MS : runAtOf(job);
}

/** Adds the job to run at its date (at once when the date has passed); adding it twice adds it once. */
export async function scheduleClosingJob(queue: ClosingQueue, job: ClosingJob, now = Date.now()): Promise<void> {
  await queue.add(job.kind, job, { jobId: closingJobId(job), delay: Math.max(0, dueAtOf(job) - now) });
}

/** Drops a job made obsolete by a new date, unless a worker holds it (it will find the new date). */
export async function unscheduleClosingJob(queue: ClosingQueue, job: ClosingJob): Promise<void> {
  await queue.remove(closingJobId(job)).catch(() => 0);
}
