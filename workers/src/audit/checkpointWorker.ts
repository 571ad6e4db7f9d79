import type { KeyObject } from 'node:crypto';
import { type Checkpoint, takeCheckpoint } from '@auction/engine/audit';
import { AUDIT_CHECKPOINTS_QUEUE, type PeriodicJob, type QueueOptions, startPeriodicJob } from '@auction/platform';
import { auditStreamsWithheld } from '@auction/platform/metrics';
import type pg from 'pg';

export interface CheckpointWorkerOptions extends QueueOptions {
  pool: pg.Pool;
  /** The audit signing key (loadSigningKey). */
  key: KeyObject;
  /** How often (default 5 minutes). */
  everyMs?: number;
  /** Where the alarm goes when streams no longer extend what was signed (the workers' log). */
  log?: (line: string) => void;
}

export type CheckpointWorker = PeriodicJob<Pick<Checkpoint, 'id' | 'root' | 'streamCount'> & { withheld: number }>;

/**
 * Signs a checkpoint of every stream's head periodically (docs/audit.md), once per period whatever
 * the number of workers processes (startPeriodicJob), and an idle log none (the same root is not
 * signed twice). A stream that no longer extends what was signed is not signed again as it stands:
 * the log names it.
 */
export function startCheckpointWorker(options: CheckpointWorkerOptions): CheckpointWorker {
  const { pool, key, everyMs, log, ...queueOptions } = options;
  return startPeriodicJob({
    ...queueOptions,
    queueName: AUDIT_CHECKPOINTS_QUEUE,
    schedulerId: 'audit-checkpoint-every',
    jobName: 'checkpoint',
    everyMs: everyMs ?? 5 * 60_000,
    async run() {
      const { id, root, streamCount, withheld } = await takeCheckpoint(pool, key);
      // History rewritten behind the store: the checkpoint kept those streams at their last signed
      // heads, and someone must look (npm run audit:verify names the first event changed).
      for (const problem of withheld) {
        log?.(
          `ALARM audit log: stream ${problem.streamId} left at its last signed head: ${problem.kind} at version ${problem.streamVersion} (${problem.detail})`,
        );
      }
      auditStreamsWithheld.set(withheld.length);
      return { id, root, streamCount, withheld: withheld.length };
    },
  });
}
