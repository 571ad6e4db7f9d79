import type { KeyObject } from 'node:crypto';
import { type Checkpoint, takeCheckpoint } from '@auction/engine/audit';
import { type QueueOptions, queueLocation } from '@auction/platform';
import { Queue, Worker } from 'bullmq';
import type pg from 'pg';

export const AUDIT_CHECKPOINTS_QUEUE = 'audit-checkpoints';
const SCHEDULER_ID = 'audit-checkpoint-every';

export interface CheckpointWorkerOptions extends QueueOptions {
  pool: pg.Pool;
  /** The audit signing key (loadSigningKey). */
  key: KeyObject;
  /** How often (default 5 minutes). */
  everyMs?: number;
}

export interface CheckpointWorker {
  queue: Queue;
  worker: Worker<unknown, Pick<Checkpoint, 'id' | 'root' | 'streamCount'>>;
  stop(): Promise<void>;
}

/**
 * Signs a checkpoint of every stream's head periodically (docs/audit.md). A BullMQ job scheduler
 * with a fixed id: every workers process upserts the same one, so the log gets one checkpoint per
 * period whatever the number of processes, and an idle log none (the same root is not signed twice).
 */
export function startCheckpointWorker(options: CheckpointWorkerOptions): CheckpointWorker {
  const queueOptions = queueLocation(options);
  const queue = new Queue(AUDIT_CHECKPOINTS_QUEUE, {
    ...queueOptions,
    defaultJobOptions: { removeOnComplete: 100, removeOnFail: 100 },
  });
  void queue.upsertJobScheduler(SCHEDULER_ID, { every: options.everyMs ?? 5 * 60_000 }, { name: 'checkpoint' });
  const worker = new Worker(
    AUDIT_CHECKPOINTS_QUEUE,
    async () => {
      const { id, root, streamCount } = await takeCheckpoint(options.pool, options.key);
      return { id, root, streamCount };
    },
    queueOptions,
  );
  return {
    queue,
    worker,
    async stop() {
      await worker.close();
      await queue.close();
    },
  };
}
