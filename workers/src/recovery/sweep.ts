import { AuctionStatus, LotStatus } from '@auction/contract';
import type { LotCommandHandler } from '@auction/engine';
import { type AuctionLifecycleQueue, type Db, dateTurningRed, requestAuctionSchedule } from '@auction/platform';
import { auctionsWithWaitingAnnouncements } from '@auction/platform/announcements';
import { closeLotIfDue } from '../closings/closeLotIfDue.ts';
import { type ClosingQueue, scheduleClosingJob } from '../closings/closingJobs.ts';
import { readClosingGroups } from '../closings/closingReferences.ts';
import { scheduleGroupJobs } from '../closings/closingScheduler.ts';
import { mapWithConcurrency } from '../closings/closingWorker.ts';

export interface SweepDeps {
  db: Db;
  handler: LotCommandHandler;
  closings: ClosingQueue;
  lifecycle: AuctionLifecycleQueue;
  clock?: () => number;
}

export interface SweepResult {
  lotsClosed: number;
  lotsScheduled: number;
  groupsScheduled: number;
  auctionsScheduled: number;
}

/**
 * Recovery: nothing depends on a job having survived a crash or a lost Redis. Every lot that may
 * still be open (no read model yet, or open in it) is closed through the engine when its end has
 * passed, or gets its jobs again (same ids, so existing jobs stay as they are); every closing group
 * with lots gets its jobs; every auction not yet invoiced is re-read by the lifecycle worker,
 * which advances an overdue one at once: a Completed auction whose invoice job was lost (or which
 * was loaded Completed) gets its invoices; so is every auction with an announcement waiting to go
 * out. Run at start and then periodically.
 */
export async function sweep(deps: SweepDeps): Promise<SweepResult> {
  const clock = deps.clock ?? Date.now;
  const now = clock();
  const lots = await deps.db
    .selectFrom('lots as l')
    .leftJoin('lot_views as v', 'v.lot_id', 'l.id')
    .select([
      'l.id',
      'l.closing_group_id',
      'l.allows_time_extension',
      'l.minutes_left_before_allowing_extension',
      'v.status',
      'v.ends_at',
    ])
    .where((eb) => eb.or([eb('v.lot_id', 'is', null), eb('v.status', '=', LotStatus.InProgress)]))
    .execute();

  let lotsClosed = 0;
  let lotsScheduled = 0;
  await mapWithConcurrency(lots, 16, async (lot) => {
    // The read model may lag the log; only a lot it shows open and not yet due skips the stream.
    let endsAt = lot.ends_at && lot.ends_at.getTime() > now ? lot.ends_at.getTime() : null;
    if (endsAt === null) {
      const outcome = await closeLotIfDue(deps.handler, lot.id, clock);
      if (outcome.kind === 'closed') lotsClosed += 1;
      if (outcome.kind !== 'notDue') return;
      endsAt = outcome.endsAt;
    }
    const lotId = String(lot.id);
    await scheduleClosingJob(deps.closings, { kind: 'closeLot', lotId, endsAt }, now);
    const redAt = dateTurningRed(endsAt, {
      allowsTimeExtension: lot.allows_time_extension,
      minutesLeftBeforeAllowingExtension: lot.minutes_left_before_allowing_extension,
    });
    if (redAt > now) await scheduleClosingJob(deps.closings, { kind: 'lotClosingSoon', lotId, redAt }, now);
    lotsScheduled += 1;
  });

  const groupIds = [...new Set(lots.flatMap((lot) => (lot.closing_group_id === null ? [] : [lot.closing_group_id])))];
  const groups = await readClosingGroups(deps.db, groupIds);
  for (const group of groups.values()) await scheduleGroupJobs(deps.closings, group, now);

  const auctions = await deps.db
    .selectFrom('auctions')
    .select('id')
    .where('status', 'in', [
      AuctionStatus.Planning,
      AuctionStatus.PreOpen,
      AuctionStatus.Active,
      AuctionStatus.Completed,
    ])
    .execute();
  // An auction of any status may have an announcement waiting: one set for later whose job was
  // lost, or one whose send died on the way (sent ANNOUNCEMENT_ORPHAN_MS after it was recorded).
  const announcing = await auctionsWithWaitingAnnouncements(deps.db);
  const toRead = [...new Set([...auctions.map((auction) => auction.id), ...announcing])];
  for (const auctionId of toRead) await requestAuctionSchedule(deps.lifecycle, auctionId);

  return { lotsClosed, lotsScheduled, groupsScheduled: groups.size, auctionsScheduled: toRead.length };
}
