import type { KeyObject } from 'node:crypto';
import { type Checkpoint, takeCheckpoint } from '@auction/engine/audit';
import { AUDIT_CHECKPOINTS_QUEUE, type PeriodicJob, type QueueOptions, startPeriodicJob } from '@auction/platform';
import type pg from 'pg';

export interface CheckpointWorkerOptions extends QueueOptions {
  pool: pg.Pool;
  /** The audit signing key (loadSigningKey). */
  key: KeyObject;
  /** How often (default 5 minutes). */
  everyMs?: number;
}

export type CheckpointWorker = PeriodicJob<Pick<Checkpoint, 'id' | 'root' | 'streamCount'>>;

/**
 * Signs a checkpoint of every stream's head periodically (docs/audit.md), once per period whatever
 * the number of workers processes (startPeriodicJob), and an idle log none (the same root is not
 * signed twice).
 */
export function startCheckpointWorker(options: CheckpointWorkerOptions): CheckpointWorker {
  const { pool, key, everyMs, ...queueOptions } = options;
  return startPeriodicJob({
    ...queueOptions,
    queueName: AUDIT_CHECKPOINTS_QUEUE,
    schedulerId: 'audit-checkpoint-every',
    jobName: 'checkpoint',
    everyMs: everyMs ?? 5 * 60_000,
    async run() {
      const { id, root, streamCount } = await takeCheckpoint(pool, key);
      return { id, root, streamCount };
    },
  });
}
