import type { Worker } from 'bullmq';
import { jobFailures } from './metrics.ts';

/** Counts every failed attempt of the workers' jobs, by queue. */
export function countJobFailures(workers: readonly Worker[]): void {
  for (const worker of workers) worker.on('failed', () => jobFailures.inc({ queue: worker.name }));
}
