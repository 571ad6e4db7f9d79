import { isClosed, type LotCommandHandler, lotStreamId } from '@auction/engine';
import { CLOSINGS_QUEUE, type Db, dateTurningRed, type QueueOptions, queueLocation } from '@auction/platform';
import { DelayedError, type Job, Worker } from 'bullmq';
import { announceOnce, type HubTarget } from './announceOnce.ts';
import { type CloseOutcome, closeLotIfDue } from './closeLotIfDue.ts';
import {
  CLOSE_LEAD_MS,
  type ClosingJob,
  type ClosingQueue,
  dueAtOf,
  GROUP_CHECK_DELAY_MS,
  runAtOf,
  scheduleClosingJob,
} from './closingJobs.ts';
import { readClosingGroups, readGroupLots, readLotReferences } from './closingReferences.ts';

export interface ClosingDeps {
  db: Db;
  handler: LotCommandHandler;
  queue: ClosingQueue;
  hub: HubTarget;
  clock?: () => number;
  /** Lots of a group closed at once. */
  groupConcurrency?: number;
}

export type ClosingResult =
  | CloseOutcome
  | { kind: 'superseded' }
  | { kind: 'announced' | 'alreadyAnnounced' }
  | { kind: 'groupClosed' | 'groupWaiting'; lots: number };

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The `closings` queue's processor. Every job re-reads what it is about before acting: the lot's
 * state from its stream, the group's row. A job whose date is no longer the current one does
 * nothing (the job of the current date exists, or the sweep recreates it).
 */
export function createClosingProcessor(deps: ClosingDeps) {
  const clock = deps.clock ?? Date.now;

  /**
   * Waits in the process for a close handed over early (CLOSE_LEAD_MS); a job run much earlier
   * (promoted by hand, a clock jump) goes back to the queue until its lead time.
   */
  async function waitForTime(job: Job<ClosingJob>, token: string | undefined): Promise<void> {
    const wait = runAtOf(job.data) - clock();
    if (wait > 2 * CLOSE_LEAD_MS) {
      await job.moveToDelayed(dueAtOf(job.data), token);
      throw new DelayedError();
    }
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  async function closeLot(job: Job<ClosingJob>, data: Extract<ClosingJob, { kind: 'closeLot' }>, token?: string) {
    // Read while waiting, so that at the end itself only the close is sent.
    const early = clock() < data.endsAt;
    const snapshot = early ? await deps.handler.read(lotStreamId(data.lotId)) : undefined;
    await waitForTime(job, token);
    const outcome = await closeLotIfDue(deps.handler, data.lotId, clock, snapshot);
    if (outcome.kind !== 'notDue') return outcome;
    // Timers may fire a millisecond early: wait again for the same end.
    if (outcome.endsAt === data.endsAt) {
      await waitForTime(job, token);
      return closeLot(job, data, token);
    }
    // The end moved: the scheduler adds the new end's job from the log; adding it here too costs nothing.
    await scheduleClosingJob(deps.queue, { kind: 'closeLot', lotId: data.lotId, endsAt: outcome.endsAt }, clock());
    return { kind: 'superseded' as const };
  }

  async function lotClosingSoon(data: Extract<ClosingJob, { kind: 'lotClosingSoon' }>): Promise<ClosingResult> {
    const [{ state }, references] = await Promise.all([
      deps.handler.read(lotStreamId(data.lotId)),
      readLotReferences(deps.db, [Number(data.lotId)]),
    ]);
    const reference = references.get(Number(data.lotId));
    if (!reference || state.config === null || isClosed(state) || clock() >= state.endsAt) {
      return { kind: 'superseded' };
    }
    const redAt = dateTurningRed(state.endsAt, reference.red);
    if (redAt !== data.redAt) return { kind: 'superseded' };
    const announced = await announceOnce(
      deps.db,
      deps.hub,
      `lot-soon:${data.lotId}:${redAt}`,
      reference.auctionId,
      'AuctionLotItemClosingSoon',
      {
        auctionLotItemId: reference.lotId,
        lotNumber: reference.lotNumber,
        dateTurningRed: iso(redAt),
        dateCompleted: iso(state.endsAt),
      },
    );
    return { kind: announced ? 'announced' : 'alreadyAnnounced' };
  }

  async function closeGroup(data: Extract<ClosingJob, { kind: 'closeGroup' }>): Promise<ClosingResult> {
    const group = (await readClosingGroups(deps.db, [data.groupId])).get(data.groupId);
    if (!group || group.endsAt !== data.endsAt) return { kind: 'superseded' };
    const lotIds = await readGroupLots(deps.db, data.groupId);
    const outcomes = await mapWithConcurrency(lotIds, deps.groupConcurrency ?? 32, (lotId) =>
      closeLotIfDue(deps.handler, lotId, clock),
    );
    const openEnds = outcomes.flatMap((outcome) => (outcome.kind === 'notDue' ? [outcome.endsAt] : []));
    if (openEnds.length > 0) {
      // Lots extended past the group's end: look again when the last of them has closed.
      const runAt = Math.max(...openEnds) + GROUP_CHECK_DELAY_MS;
      await scheduleClosingJob(deps.queue, { ...data, runAt }, clock());
      return { kind: 'groupWaiting', lots: openEnds.length };
    }
    await announceOnce(
      deps.db,
      deps.hub,
      `group-close:${data.groupId}:${data.endsAt}`,
      group.auctionId,
      'AuctionClosingGroupClose',
      { auctionClosingGroupId: data.groupId, dateCompleted: iso(data.endsAt) },
    );
    return { kind: 'groupClosed', lots: lotIds.length };
  }

  async function groupClosingSoon(data: Extract<ClosingJob, { kind: 'groupClosingSoon' }>): Promise<ClosingResult> {
    const group = (await readClosingGroups(deps.db, [data.groupId])).get(data.groupId);
    if (!group || group.endsAt !== data.endsAt || clock() >= group.endsAt) return { kind: 'superseded' };
    const announced = await announceOnce(
      deps.db,
      deps.hub,
      `group-soon:${data.groupId}:${data.endsAt}`,
      group.auctionId,
      'AuctionClosingGroupClosingSoon',
      { auctionClosingGroupId: data.groupId, dateTurningRed: iso(group.redAt), dateCompleted: iso(group.endsAt) },
    );
    return { kind: announced ? 'announced' : 'alreadyAnnounced' };
  }

  return async (job: Job<ClosingJob>, token?: string): Promise<ClosingResult> => {
    const data = job.data;
    switch (data.kind) {
      case 'closeLot':
        return closeLot(job, data, token);
      case 'lotClosingSoon':
        return lotClosingSoon(data);
      case 'closeGroup':
        return closeGroup(data);
      case 'groupClosingSoon':
        return groupClosingSoon(data);
    }
  };
}

export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  concurrency: number,
  run: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await run(items[i] as T);
      }
    }),
  );
  return results;
}

export interface ClosingWorkerOptions extends ClosingDeps, QueueOptions {
  /** Jobs processed at once (default 256): lots ending together wait and close in parallel. */
  concurrency?: number;
}

export function startClosingWorker(options: ClosingWorkerOptions): Worker<ClosingJob, ClosingResult> {
  const worker = new Worker<ClosingJob, ClosingResult>(CLOSINGS_QUEUE, createClosingProcessor(options), {
    ...queueLocation(options),
    concurrency: options.concurrency ?? 256,
  });
  worker.on('error', (error) => console.error(`[workers] closings worker: ${error.message}`));
  return worker;
}
