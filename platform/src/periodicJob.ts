import { Queue, Worker } from 'bullmq';
import { type QueueOptions, queueLocation } from './queueLocation.ts';

export interface PeriodicJobOptions<Result> extends QueueOptions {
  /** The queue of this job alone. */
  queueName: string;
  /** The job scheduler's id: kept as it is, or deployed processes would run a second scheduler beside the old one. */
  schedulerId: string;
  jobName: string;
  everyMs: number;
  run(): Promise<Result>;
}

export interface PeriodicJob<Result> {
  queue: Queue;
  worker: Worker<unknown, Result>;
  stop(): Promise<void>;
}

/**
 * A job run every `everyMs` by whichever process takes it (the workers', or the API's for what needs
 * the Stripe credentials). A BullMQ job scheduler with a fixed id: every process upserts the same
 * one, so the job runs once per period whatever the number of processes.
 */
export function startPeriodicJob<Result>(options: PeriodicJobOptions<Result>): PeriodicJob<Result> {
  const queueOptions = queueLocation(options);
  const queue = new Queue(options.queueName, {
    ...queueOptions,
    defaultJobOptions: { removeOnComplete: 100, removeOnFail: 100 },
  });
  void queue.upsertJobScheduler(options.schedulerId, { every: options.everyMs }, { name: options.jobName });
  const worker = new Worker<unknown, Result>(options.queueName, () => options.run(), queueOptions);
  return {
    queue,
    worker,
    async stop() {
      await worker.close();
      await queue.close();
    },
  };
}
