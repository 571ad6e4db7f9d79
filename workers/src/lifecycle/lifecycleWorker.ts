import { AuctionStatus, LotStatus } from '@auction/contract';
import { type LotCommandHandler, lotStreamId } from '@auction/engine';
import {
  AUCTION_LIFECYCLE_QUEUE,
  type AuctionLifecycleJob,
  type AuctionLifecycleQueue,
  type Db,
  publishHubEvent,
  type QueueOptions,
  queueLocation,
} from '@auction/platform';
import { type AnnouncementQueuing, sendDueAnnouncements } from '@auction/platform/announcements';
import type { InvoiceChargesQueue } from '@auction/platform/invoices';
import { DelayedError, type Job, Worker } from 'bullmq';
import type { HubTarget } from '../closings/announceOnce.ts';
import { closeLotIfDue } from '../closings/closeLotIfDue.ts';
import { mapWithConcurrency } from '../closings/closingWorker.ts';
import { generateInvoices } from '../invoices/generateInvoices.ts';
import { type AuctionDates, nextTransition, statusEvent } from './auctionTransitions.ts';
import { followAuctionEnd } from './followAuctionEnd.ts';

export interface LifecycleDeps {
  db: Db;
  handler: LotCommandHandler;
  queue: AuctionLifecycleQueue;
  hub: HubTarget;
  clock?: () => number;
  /** How long a completion waits before looking again at read models still catching up. */
  settleRetryMs?: number;
  /**
   * How long after completion the auction's invoices are generated (default 5 minutes): the
   * operators' window to remove a bid after the close (DESIGN.md §3 rule 4) before invoices exist.
   */
  invoiceDelayMs?: number;
  /** Where the invoices of an auction that charges winners automatically are sent to be charged. */
  invoiceCharges?: InvoiceChargesQueue;
  /** Sends the auction's announcements at their time (docs/messages.md "Scheduled announcements"). */
  announcements?: AnnouncementQueuing;
}

/** Completed → InvoiceGenerated this long after completion, unless the deps say otherwise. */
export const INVOICE_DELAY_MS = 5 * 60_000;

export type LifecycleResult =
  | { kind: 'missing' }
  | { kind: 'idle'; status: number }
  | { kind: 'scheduled'; status: number; to: number; at: number };

interface AuctionRow extends AuctionDates {
  id: number;
  /** When it became Completed. */
  completedAt: number | null;
}

const ms = (date: Date | null) => (date === null ? null : date.getTime());
const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());

async function readAuction(db: Db, auctionId: number): Promise<AuctionRow | null> {
  const row = await db
    .selectFrom('auctions')
    .select(['id', 'status', 'date_pre_open', 'date_open', 'date_completed', 'completed_date'])
    .where('id', '=', auctionId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    status: row.status,
    datePreOpen: ms(row.date_pre_open),
    dateOpen: ms(row.date_open),
    dateCompleted: ms(row.date_completed),
    completedAt: ms(row.completed_date),
  };
}

/**
 * Tells the hub what changed since the last announcement: the status (whoever changed it, the
 * workers or an operator) and the end date. The row is locked while publishing, so two workers
 * announce a change once; an auction seen for the first time is only recorded.
 */
async function announceChanges(db: Db, hub: HubTarget, auction: AuctionRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const seen = await trx
      .selectFrom('auction_lifecycle')
      .select(['announced_status', 'announced_date_completed'])
      .where('auction_id', '=', auction.id)
      .forUpdate()
      .executeTakeFirst();
    if (!seen) {
      await trx
        .insertInto('auction_lifecycle')
        .values({
          auction_id: auction.id,
          announced_status: auction.status,
          announced_date_completed: iso(auction.dateCompleted),
        })
        .onConflict((oc) => oc.column('auction_id').doNothing())
        .execute();
      return;
    }
    const statusChanged = seen.announced_status !== auction.status;
    const endChanged = ms(seen.announced_date_completed) !== auction.dateCompleted;
    if (!statusChanged && !endChanged) return;
    await trx
      .updateTable('auction_lifecycle')
      .set({
        announced_status: auction.status,
        announced_date_completed: iso(auction.dateCompleted),
        updated_at: new Date(),
      })
      .where('auction_id', '=', auction.id)
      .execute();
    const name = statusChanged ? statusEvent(auction.status) : null;
    if (name) {
      await publishHubEvent(
        hub.redis,
        auction.id,
        name,
        {
          auctionId: auction.id,
          status: auction.status,
          datePreOpen: iso(auction.datePreOpen),
          dateOpen: iso(auction.dateOpen),
          dateCompleted: iso(auction.dateCompleted),
        },
        hub.prefix,
      );
    }
    if (endChanged) {
      await publishHubEvent(
        hub.redis,
        auction.id,
        'AuctionEndDateChanged',
        { auctionId: auction.id, dateCompleted: iso(auction.dateCompleted) },
        hub.prefix,
      );
    }
  });
}

/** Whether the auction's end differs from the one last announced (an auction never seen has none to move). */
async function endMovedSinceAnnounced(db: Db, auction: AuctionRow): Promise<boolean> {
  const seen = await db
    .selectFrom('auction_lifecycle')
    .select('announced_date_completed')
    .where('auction_id', '=', auction.id)
    .executeTakeFirst();
  return seen !== undefined && ms(seen.announced_date_completed) !== auction.dateCompleted;
}

/**
 * Before an auction completes, every lot is closed through the engine: those whose end has come
 * close as scheduled; a lot set to end after the auction is first rescheduled to the auction's
 * end, so its leader wins at that end. Answers whether the read models (lot views, winners,
 * invoice lines) have applied every close, which completion waits for.
 */
async function settleLots(deps: LifecycleDeps, auction: AuctionRow, now: () => number): Promise<boolean> {
  const lots = await deps.db.selectFrom('lots').select('id').where('auction_id', '=', auction.id).execute();
  const opened = await mapWithConcurrency(lots, 16, async ({ id }) => {
    let outcome = await closeLotIfDue(deps.handler, id, now);
    if (outcome.kind === 'notDue' && auction.dateCompleted !== null) {
      const rescheduled = await deps.handler.handle(lotStreamId(id), {
        type: 'RescheduleLot',
        endsAt: auction.dateCompleted,
        commandId: `settle:${auction.id}:${id}:${auction.dateCompleted}`,
        userId: null,
        at: now(),
        auctionActive: false,
      });
      if (!rescheduled.ok) throw new Error(`lot ${id}: rescheduling to the auction's end was refused`);
      outcome = await closeLotIfDue(deps.handler, id, now);
    }
    if (outcome.kind === 'notDue') throw new Error(`lot ${id} could not be closed at the auction's end`);
    return outcome.kind === 'notOpened' ? null : id;
  });
  const openedIds = opened.filter((id): id is number => id !== null);
  if (openedIds.length === 0) return true;
  const behind = await deps.db
    .selectFrom('lots as l')
    .leftJoin('lot_views as v', 'v.lot_id', 'l.id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('l.id', 'in', openedIds)
    .where((eb) => eb.or([eb('v.lot_id', 'is', null), eb('v.status', '<', LotStatus.ClosedBeforeAuction)]))
    .executeTakeFirstOrThrow();
  return Number(behind.count) === 0;
}

/** Records when a Completed auction without that date became Completed; a date already there stays. */
async function stampCompletion(db: Db, auctionId: number, at: number): Promise<void> {
  await db
    .updateTable('auctions')
    .set({ completed_date: new Date(at) })
    .where('id', '=', auctionId)
    .where('status', '=', AuctionStatus.Completed)
    .where('completed_date', 'is', null)
    .execute();
}

/** A next announcement due this soon is waited for in the job rather than by a delayed one. */
const ANNOUNCEMENT_WAIT_MS = 1_000;

/** An announcement that could not be queued is tried again this much later. */
const ANNOUNCEMENT_RETRY_MS = 10_000;

/**
 * Sends the auction's announcements whose time has come and leaves a delayed job for the next
 * one. One due within a second is waited for here: a delayed job fired a moment early would
 * otherwise ask for itself again under its own id while it runs, and BullMQ would drop that.
 */
async function sendAnnouncements(deps: LifecycleDeps, auctionId: number, clock: () => number): Promise<void> {
  if (!deps.announcements) return;
  let next = await sendDueAnnouncements(deps.announcements, auctionId, clock());
  while (next !== null && next - clock() <= ANNOUNCEMENT_WAIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next ?? 0) - clock()));
    next = await sendDueAnnouncements(deps.announcements, auctionId, clock());
  }
  if (next === null) return;
  await deps.queue.add(
    'announcements',
    { auctionId },
    { jobId: `announcements-${auctionId}-${next}`, delay: next - clock(), removeOnComplete: true },
  );
}

/**
 * The `auction-lifecycle` queue's processor: each job re-reads the auction, sends the
 * announcements whose time has come, announces what changed, applies the transitions whose date
 * has come (one after another, so an auction found late passes through each status), and leaves
 * a delayed job for the next one.
 */
export function createLifecycleProcessor(deps: LifecycleDeps) {
  const clock = deps.clock ?? Date.now;
  return async (job: Job<AuctionLifecycleJob>, token?: string): Promise<LifecycleResult> => {
    const { auctionId } = job.data;
    try {
      await sendAnnouncements(deps, auctionId, clock);
    } catch (error) {
      // An announcement that cannot be queued (Redis refusing) must not hold back the auction's
      // transitions: the job goes on, and asks for itself again shortly (else the sweep does).
      console.error(`[workers] announcements of auction ${auctionId}: ${(error as Error).message}`);
      const at = clock() + ANNOUNCEMENT_RETRY_MS;
      await deps.queue
        .add(
          'announcements',
          { auctionId },
          { jobId: `announcements-${auctionId}-${at}`, delay: ANNOUNCEMENT_RETRY_MS },
        )
        .catch(() => undefined);
    }
    for (;;) {
      const auction = await readAuction(deps.db, auctionId);
      if (!auction) return { kind: 'missing' };
      // Before the change is announced (and so recorded as seen): a job that fails in between
      // is retried and moves them again.
      if (await endMovedSinceAnnounced(deps.db, auction)) {
        await followAuctionEnd({ db: deps.db, handler: deps.handler, clock }, auctionId, auction.dateCompleted);
      }
      await announceChanges(deps.db, deps.hub, auction);
      if (auction.status === AuctionStatus.Completed) {
        if (auction.completedAt === null) {
          // Completed without saying when (a row loaded or changed outside the product): the
          // invoice delay would count from each run's own clock and never come. It counts from
          // the first run that sees it, stamped once so every later run agrees.
          await stampCompletion(deps.db, auctionId, clock());
          continue;
        }
        // Completed by an operator before its lots' ends: bidding has stopped, so every lot still
        // open closes now with its leader winning (what the console's confirmation states), as
        // at a scheduled completion. Nothing to do once they are closed.
        if (!(await settleLots(deps, { ...auction, dateCompleted: auction.completedAt }, clock))) {
          await job.moveToDelayed(clock() + (deps.settleRetryMs ?? 250), token);
          throw new DelayedError();
        }
        const at = auction.completedAt + (deps.invoiceDelayMs ?? INVOICE_DELAY_MS);
        const now = clock();
        if (at > now) {
          await deps.queue.add(
            'transition',
            { auctionId },
            { jobId: `invoices-${auctionId}-${at}`, delay: at - now, removeOnComplete: true },
          );
          return { kind: 'scheduled', status: auction.status, to: AuctionStatus.InvoiceGenerated, at };
        }
        const generation = await generateInvoices(deps.db, deps.hub, auctionId, deps.invoiceCharges);
        if (generation.kind === 'behind') {
          await job.moveToDelayed(clock() + (deps.settleRetryMs ?? 250), token);
          throw new DelayedError();
        }
        if (generation.kind === 'lotsOpen') {
          // The operators' window to remove a bid runs from the last close, as from completion.
          const after = Math.max(generation.endsAt, clock()) + (deps.invoiceDelayMs ?? INVOICE_DELAY_MS);
          await deps.queue.add(
            'transition',
            { auctionId },
            { jobId: `invoices-${auctionId}-${after}`, delay: after - clock(), removeOnComplete: true },
          );
          return { kind: 'scheduled', status: auction.status, to: AuctionStatus.InvoiceGenerated, at: after };
        }
        continue;
      }
      const transition = nextTransition(auction);
      if (!transition) return { kind: 'idle', status: auction.status };
      const now = clock();
      if (transition.at > now) {
        await deps.queue.add(
          'transition',
          { auctionId },
          {
            jobId: `transition-${auctionId}-${transition.to}-${transition.at}`,
            delay: transition.at - now,
            removeOnComplete: true,
          },
        );
        return { kind: 'scheduled', status: auction.status, to: transition.to, at: transition.at };
      }
      if (transition.to === AuctionStatus.Completed && !(await settleLots(deps, auction, clock))) {
        await job.moveToDelayed(clock() + (deps.settleRetryMs ?? 250), token);
        throw new DelayedError();
      }
      await deps.db
        .updateTable('auctions')
        .set({
          status: transition.to,
          is_available: transition.to !== AuctionStatus.Completed,
          ...(transition.to === AuctionStatus.Completed ? { completed_date: new Date(now) } : {}),
        })
        .where('id', '=', auctionId)
        .where('status', '=', transition.from)
        .execute();
    }
  };
}

export interface LifecycleWorkerOptions extends LifecycleDeps, QueueOptions {
  concurrency?: number;
}

export function startLifecycleWorker(options: LifecycleWorkerOptions): Worker<AuctionLifecycleJob, LifecycleResult> {
  const worker = new Worker<AuctionLifecycleJob, LifecycleResult>(
    AUCTION_LIFECYCLE_QUEUE,
    createLifecycleProcessor(options),
    {
      ...queueLocation(options),
      concurrency: options.concurrency ?? 8,
    },
  );
  worker.on('error', (error) => console.error(`[workers] lifecycle worker: ${error.message}`));
  return worker;
}
