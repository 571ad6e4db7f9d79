import { Queue } from 'bullmq';
import { type QueueOptions, queueLocation } from '../queueLocation.ts';

/**
 * The workers' scheduling queues. `closings` holds the delayed jobs of lots and closing groups
 * (the workers create them from the event log, nobody else adds to it); `auction-lifecycle` takes
 * "re-read this auction" requests, from the operator API after it changes an auction's status or
 * dates, and from the workers' own delayed transitions.
 */
export const CLOSINGS_QUEUE = 'closings';
export const AUCTION_LIFECYCLE_QUEUE = 'auction-lifecycle';

export interface AuctionLifecycleJob {
  auctionId: number;
}

export function createAuctionLifecycleQueue(options: QueueOptions): Queue<AuctionLifecycleJob> {
  return new Queue<AuctionLifecycleJob>(AUCTION_LIFECYCLE_QUEUE, {
    ...queueLocation(options),
    defaultJobOptions: {
      attempts: 10,
      backoff: { type: 'exponential', delay: 1_000 },
      removeOnComplete: { age: 24 * 3600, count: 10_000 },
      removeOnFail: false,
    },
  });
}

export type AuctionLifecycleQueue = Pick<Queue<AuctionLifecycleJob>, 'add'>;

/**
 * Makes the lifecycle worker re-read the auction: it applies any transition whose date has come,
 * schedules the next one, and tells the hub about a status or end date that changed. Call it after
 * changing an auction's status or dates; calling it when nothing changed is harmless.
 */
export async function requestAuctionSchedule(queue: AuctionLifecycleQueue, auctionId: number): Promise<void> {
  // No job id: a request made while an earlier one is running must still be read after the change.
  await queue.add('schedule', { auctionId });
}
