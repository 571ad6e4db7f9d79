import { type LotEvent, lotIdOfStream, type RecordedEvent } from '@auction/engine';
import { type Db, dateTurningRed } from '@auction/platform';
import { announceOnce, type HubTarget } from './announceOnce.ts';
import {
  type ClosingJob,
  type ClosingQueue,
  GROUP_CHECK_DELAY_MS,
  scheduleClosingJob,
  unscheduleClosingJob,
} from './closingJobs.ts';
import { readClosingGroups, readLotReferences } from './closingReferences.ts';

/** Where a lot's end stands after a batch of its events. */
interface LotEnd {
  endsAt: number;
  closed: boolean;
  /** Ends this batch moved the lot away from, whose jobs are obsolete. */
  previousEnds: number[];
  /** The last end move was an extension made at `extendedAt` (the lot was already red then). */
  extendedAt: number | null;
  rescheduled: boolean;
  opened: boolean;
}

/**
 * Folds a batch of the log into each lot's end: only LotOpened, LotExtended, LotRescheduled and
 * LotClosed move it. Pure, so a batch read again folds to the same plan.
 */
export function lotEndsOf(events: readonly RecordedEvent[]): Map<number, LotEnd> {
  const ends = new Map<number, LotEnd>();
  for (const record of events) {
    if (!record.streamId.startsWith('lot-')) continue;
    const event = record as unknown as LotEvent;
    const lotId = Number(lotIdOfStream(record.streamId));
    const current = ends.get(lotId);
    switch (event.type) {
      case 'LotOpened':
        ends.set(lotId, {
          endsAt: event.data.endsAt,
          closed: false,
          previousEnds: [],
          extendedAt: null,
          rescheduled: false,
          opened: true,
        });
        break;
      case 'LotExtended':
        ends.set(lotId, {
          ...(current ?? { closed: false, rescheduled: false, opened: false }),
          endsAt: event.data.endsAt,
          previousEnds: [...(current?.previousEnds ?? []), event.data.previousEndsAt],
          extendedAt: event.meta.at,
        });
        break;
      case 'LotRescheduled':
        ends.set(lotId, {
          ...(current ?? { closed: false, opened: false }),
          endsAt: event.data.endsAt,
          previousEnds: current ? [...current.previousEnds, current.endsAt] : [],
          extendedAt: null,
          rescheduled: true,
        });
        break;
      case 'LotClosed':
        ends.set(lotId, {
          ...(current ?? { endsAt: 0, previousEnds: [], extendedAt: null, rescheduled: false, opened: false }),
          closed: true,
        });
        break;
      default:
        break;
    }
  }
  return ends;
}

export interface ClosingSchedulerDeps {
  db: Db;
  queue: ClosingQueue;
  hub: HubTarget;
  clock?: () => number;
}

/**
 * The closing scheduler, a follower of the event log: a lot that opens or whose end moves gets a
 * delayed close at its end and a "closing soon" at its red date; the jobs of ends it moved away
 * from are dropped. A closing group gets its own close and closing-soon jobs, and the hub hears
 * AuctionClosingGroupEndDateChanged once when its lots are rescheduled to the group's new end.
 */
export function createClosingScheduler(deps: ClosingSchedulerDeps): (events: RecordedEvent[]) => Promise<void> {
  const clock = deps.clock ?? Date.now;
  return async (events) => {
    const ends = lotEndsOf(events);
    if (ends.size === 0) return;
    const references = await readLotReferences(deps.db, [...ends.keys()]);
    const now = clock();
    const groupsToSchedule = new Set<number>();
    const groupsRescheduled = new Map<number, number[]>();
    const jobs: Promise<void>[] = [];

    for (const [lotId, end] of ends) {
      const reference = references.get(lotId);
      const lot = String(lotId);
      for (const previous of end.previousEnds) {
        jobs.push(unscheduleClosingJob(deps.queue, { kind: 'closeLot', lotId: lot, endsAt: previous }));
        if (reference) {
          const redAt = dateTurningRed(previous, reference.red);
          jobs.push(unscheduleClosingJob(deps.queue, { kind: 'lotClosingSoon', lotId: lot, redAt }));
        }
      }
      if (end.closed || end.endsAt === 0) continue;
      jobs.push(scheduleClosingJob(deps.queue, { kind: 'closeLot', lotId: lot, endsAt: end.endsAt }, now));
      if (reference) {
        const redAt = dateTurningRed(end.endsAt, reference.red);
        // An extension happens inside the red window: a lot still red at its new end was already announced.
        const alreadyRed = end.extendedAt !== null && redAt <= end.extendedAt;
        if (!alreadyRed && end.endsAt > now) {
          jobs.push(scheduleClosingJob(deps.queue, { kind: 'lotClosingSoon', lotId: lot, redAt }, now));
        }
        const groupId = reference.closingGroupId;
        if (groupId !== null && (end.opened || end.rescheduled)) groupsToSchedule.add(groupId);
        if (groupId !== null && end.rescheduled) {
          groupsRescheduled.set(groupId, [...(groupsRescheduled.get(groupId) ?? []), end.endsAt]);
        }
      }
    }
    await Promise.all(jobs);

    const groups = await readClosingGroups(deps.db, [...groupsToSchedule]);
    for (const group of groups.values()) {
      await scheduleGroupJobs(deps.queue, group, now);
      // An operator moving a group reschedules each of its lots to the group's end.
      if (groupsRescheduled.get(group.groupId)?.includes(group.endsAt)) {
        await announceOnce(
          deps.db,
          deps.hub,
          `group-end:${group.groupId}:${group.endsAt}`,
          group.auctionId,
          'AuctionClosingGroupEndDateChanged',
          { auctionClosingGroupId: group.groupId, dateCompleted: new Date(group.endsAt).toISOString() },
        );
      }
    }
  };
}

export async function scheduleGroupJobs(
  queue: ClosingQueue,
  group: { groupId: number; endsAt: number; redAt: number },
  now: number,
): Promise<void> {
  const close: ClosingJob = {
    kind: 'closeGroup',
    groupId: group.groupId,
    endsAt: group.endsAt,
    runAt: group.endsAt + GROUP_CHECK_DELAY_MS,
  };
  await scheduleClosingJob(queue, close, now);
  if (group.endsAt > now) {
    await scheduleClosingJob(
      queue,
      { kind: 'groupClosingSoon', groupId: group.groupId, endsAt: group.endsAt, redAt: group.redAt },
      now,
    );
  }
}
