import type { Queue } from 'bullmq';
import { queueJobs } from './metrics.ts';
import { beforeScrape } from './registry.ts';

const STATES = ['waiting', 'active', 'delayed', 'prioritized', 'failed'] as const;

/** The queues' job counts by state, read from Redis at each scrape. Returns the function that stops it. */
export function watchQueues(queues: readonly Queue[]): () => void {
  return beforeScrape(async () => {
    await Promise.all(
      queues.map(async (queue) => {
        const counts = await queue.getJobCounts(...STATES);
        for (const state of STATES) queueJobs.set({ queue: queue.name, state }, counts[state] ?? 0);
      }),
    );
  });
}
