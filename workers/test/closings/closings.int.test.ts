import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { createLotCommandHandler, PostgresEventStore } from '@auction/engine';
import { testRedisUrl } from '@auction/platform/testing';
import { describe, expect, it } from 'vitest';
import { closeLotIfDue } from '../../src/closings/closeLotIfDue.ts';
import { closingJobId } from '../../src/closings/closingJobs.ts';
import {
  bid,
  closesOf,
  createAuction,
  createClosingGroup,
  createWorld,
  eventually,
  hubEvents,
  lotEvents,
  MINUTE,
  openLot,
  SECOND,
  send,
  sleep,
  useRunningWorld,
} from '../workerFixtures.ts';

const world = useRunningWorld();

/** The close's recorded time minus the lot's end when it closed. */
async function closeLag(lotId: number): Promise<number> {
  const events = await lotEvents(world, lotId);
  let endsAt = 0;
  for (const event of events) {
    if (event.type === 'LotOpened') endsAt = event.data.endsAt;
    if (event.type === 'LotExtended' || event.type === 'LotRescheduled') endsAt = event.data.endsAt;
    if (event.type === 'LotClosed') return event.meta.at - endsAt;
  }
  throw new Error(`lot ${lotId} is not closed`);
}

describe('lot closings', () => {
  it('closes a lot at its end through the engine, once, and the winner is its leader', async () => {
    const { auctionId } = await createAuction(world.db);
    const lotId = await openLot(world, auctionId, { endsAt: Date.now() + 1_500 });
    const bidder = randomUUID();
    await bid(world, lotId, bidder, 12_00);
    const [closed] = await eventually(async () => {
      const closes = await closesOf(world, lotId);
      expect(closes).toHaveLength(1);
      return closes;
    });
    expect(closed).toMatchObject({ data: { status: 5, winnerId: bidder, price: 12_00, early: false } });
    const lag = await closeLag(lotId);
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThan(1_000);
    await sleep(300);
    expect(await closesOf(world, lotId)).toHaveLength(1);
  });

  it('moves the close when a late bid extends the lot, and closes at the new end', async () => {
    const { auctionId } = await createAuction(world.db);
    const endsAt = Date.now() + 3 * SECOND;
    const lotId = await openLot(world, auctionId, { endsAt, extension: { window: 2, step: 1, cap: 10 } });
    // A worker takes the first end's close now (handed over early, as within the close's lead time)
    // and holds it until the end: the job cannot be removed while held, and must find the new end itself.
    const firstJobId = closingJobId({ kind: 'closeLot', lotId: String(lotId), endsAt });
    await world.workers.caughtUp();
    const firstJob = await eventually(async () => {
      const job = await world.workers.closings.getJob(firstJobId);
      expect(job).toBeDefined();
      return job;
    });
    if ((await firstJob?.getState()) === 'delayed') await firstJob?.promote();
    await eventually(async () => expect(await world.workers.closings.getJobState(firstJobId)).toBe('active'));
    await bid(world, lotId, randomUUID(), 11_00);
    const extendedTo = endsAt + MINUTE;
    expect((await lotEvents(world, lotId)).some((e) => e.type === 'LotExtended')).toBe(true);
    await world.workers.caughtUp();
    const newJob = await eventually(async () => {
      const job = await world.workers.closings.getJob(
        closingJobId({ kind: 'closeLot', lotId: String(lotId), endsAt: extendedTo }),
      );
      expect(job).toBeDefined();
      return job;
    });
    expect(await newJob?.getState()).toBe('delayed');

    // Past the first end the lot is still open and the first job is gone (run and found superseded).
    await sleep(endsAt - Date.now() + 500);
    await eventually(async () => expect(await world.workers.closings.getJob(firstJobId)).toBeUndefined());
    expect(await closesOf(world, lotId)).toHaveLength(0);
    // A job run early (promoted) waits for its time.
    await newJob?.promote();
    await sleep(500);
    expect(await closesOf(world, lotId)).toHaveLength(0);
    expect(await newJob?.getState()).toBe('delayed');

    // An administrator moves the end close: the close follows it.
    const rescheduledTo = Date.now() + SECOND;
    await send(world.handler, lotId, { type: 'RescheduleLot', endsAt: rescheduledTo }, { userId: null });
    await eventually(async () => expect(await closesOf(world, lotId)).toHaveLength(1));
    const [closed] = await closesOf(world, lotId);
    expect(closed?.meta.at).toBeGreaterThanOrEqual(rescheduledTo);
    expect(closed?.meta.at).toBeLessThan(rescheduledTo + SECOND);
  });

  it('closes once when the close is delivered twice and by two processes at once', async () => {
    const { auctionId } = await createAuction(world.db);
    const endsAt = Date.now() + SECOND;
    const lotId = await openLot(world, auctionId, { endsAt });
    await bid(world, lotId, randomUUID(), 15_00);
    // The same close added again under other ids, and run by two other "processes" at the end.
    for (const copy of ['a', 'b']) {
      await world.workers.closings.add(
        'closeLot',
        { kind: 'closeLot', lotId: String(lotId), endsAt },
        { jobId: `copy-${copy}-${lotId}`, delay: endsAt - Date.now() },
      );
    }
    const others = [1, 2].map(() => createLotCommandHandler(new PostgresEventStore(world.database.pool)));
    await sleep(endsAt - Date.now());
    const outcomes = await Promise.all(others.map((handler) => closeLotIfDue(handler, lotId)));
    expect(outcomes.filter((o) => o.kind === 'closed').length).toBeLessThanOrEqual(1);
    await eventually(async () => expect(await closesOf(world, lotId)).toHaveLength(1));
    await eventually(async () => {
      for (const copy of ['a', 'b'])
        expect(await world.workers.closings.getJob(`copy-${copy}-${lotId}`)).toBeUndefined();
    });
    expect(await closesOf(world, lotId)).toHaveLength(1);
  });

  it('announces a lot closing soon at its red date, and projections announce its close', async () => {
    const { auctionId } = await createAuction(world.db);
    // Without extensions a lot turns red 5 minutes before its end.
    const endsAt = Date.now() + 5 * MINUTE + SECOND;
    const lotId = await openLot(world, auctionId, { endsAt });
    const soon = await eventually(async () => {
      const found = (await hubEvents(world, auctionId)).find((e) => e.event === 'AuctionLotItemClosingSoon');
      expect(found).toBeDefined();
      return found;
    });
    expect(soon?.data).toMatchObject({
      auctionLotItemId: lotId,
      dateTurningRed: new Date(endsAt - 5 * MINUTE).toISOString(),
      dateCompleted: new Date(endsAt).toISOString(),
    });
    await send(world.handler, lotId, { type: 'RescheduleLot', endsAt: Date.now() + 300 }, { userId: null });
    await eventually(async () => {
      const names = (await hubEvents(world, auctionId)).map((e) => e.event);
      expect(names).toContain('AuctionLotItemClose');
    });
    // The new end's red date had passed already: told once more, with that date, never twice for one date.
    const reds = (await hubEvents(world, auctionId))
      .filter((e) => e.event === 'AuctionLotItemClosingSoon')
      .map((e) => e.data.dateTurningRed);
    expect(new Set(reds).size).toBe(reds.length);
  });

  it('closes a closing group together and announces its close when its extended lot closes too', async () => {
    const { auctionId } = await createAuction(world.db);
    const endsAt = Date.now() + 2 * SECOND;
    const groupId = await createClosingGroup(world.db, auctionId, endsAt);
    const extension = { window: 5, step: 1, cap: 10 };
    const lots = await Promise.all(
      [1, 2, 3].map(() => openLot(world, auctionId, { endsAt, closingGroupId: groupId, extension })),
    );
    const late = lots[2] as number;
    await bid(world, late, randomUUID(), 20_00);
    await eventually(async () => {
      for (const lotId of lots.slice(0, 2)) expect(await closesOf(world, lotId)).toHaveLength(1);
    });
    const closeTimes = await Promise.all(lots.slice(0, 2).map(async (id) => (await closesOf(world, id))[0]?.meta.at));
    expect(Math.abs((closeTimes[0] ?? 0) - (closeTimes[1] ?? 0))).toBeLessThan(500);
    await sleep(500);
    const names = (await hubEvents(world, auctionId)).map((e) => e.event);
    expect(names).toContain('AuctionClosingGroupClosingSoon');
    expect(names).not.toContain('AuctionClosingGroupClose');

    await send(world.handler, late, { type: 'RescheduleLot', endsAt: Date.now() + 300 }, { userId: null });
    const groupClose = await eventually(async () => {
      const found = (await hubEvents(world, auctionId)).filter((e) => e.event === 'AuctionClosingGroupClose');
      expect(found).toHaveLength(1);
      return found[0];
    });
    expect(groupClose?.data).toMatchObject({ auctionClosingGroupId: groupId });
    expect(await closesOf(world, late)).toHaveLength(1);
  });

  it('announces a closing group moved by an operator once, and closes its lots at the new end', async () => {
    const { auctionId } = await createAuction(world.db);
    const groupId = await createClosingGroup(world.db, auctionId, Date.now() + 10 * MINUTE);
    const lots = await Promise.all(
      [1, 2].map(() => openLot(world, auctionId, { endsAt: Date.now() + 10 * MINUTE, closingGroupId: groupId })),
    );
    const newEnd = Date.now() + 1_500;
    await world.db
      .updateTable('closing_groups')
      .set({ ends_at: new Date(newEnd) })
      .where('id', '=', groupId)
      .execute();
    for (const lotId of lots) {
      await send(world.handler, lotId, { type: 'RescheduleLot', endsAt: newEnd }, { userId: null });
    }
    await eventually(async () => {
      for (const lotId of lots) expect(await closesOf(world, lotId)).toHaveLength(1);
    });
    await eventually(async () => {
      const events = await hubEvents(world, auctionId);
      expect(events.filter((e) => e.event === 'AuctionClosingGroupEndDateChanged')).toHaveLength(1);
      expect(events.filter((e) => e.event === 'AuctionClosingGroupClose')).toHaveLength(1);
    });
    const moved = (await hubEvents(world, auctionId)).find((e) => e.event === 'AuctionClosingGroupEndDateChanged');
    expect(moved?.data).toEqual({ auctionClosingGroupId: groupId, dateCompleted: new Date(newEnd).toISOString() });
  });
});

describe('recovery', () => {
  it('a worker killed in the middle of a close: the next start sweeps the overdue lot closed, once', async () => {
    const recovery = await createWorld();
    try {
      const { auctionId } = await createAuction(recovery.db);
      const lotId = await openLot(recovery, auctionId, { endsAt: Date.now() + 10 * MINUTE });
      const winner = randomUUID();
      await bid(recovery, lotId, winner, 30_00);
      const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'killedCloser.ts')], {
        env: {
          ...process.env,
          KILLED_CLOSER_DATABASE_URL: recovery.database.url,
          KILLED_CLOSER_REDIS_URL: testRedisUrl(),
          KILLED_CLOSER_PREFIX: recovery.prefix,
        },
        cwd: resolve(import.meta.dirname, '../../..'),
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const exited = new Promise<NodeJS.Signals | null>((done) => child.on('exit', (_code, sig) => done(sig)));
      // The lot's end comes forward only once the child's own start-up sweep has passed it by (a slow
      // start would otherwise find it overdue and die in its sweep, leaving no job taken): the close
      // that kills the child is its closing job's.
      await new Promise<void>((ready, failed) => {
        child.stdout?.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('swept')) ready();
        });
        void exited.then(() => failed(new Error('the closer exited before its sweep')));
      });
      const endsAt = Date.now() + SECOND;
      await send(recovery.handler, lotId, { type: 'RescheduleLot', endsAt }, { userId: null });
      const signal = await exited;
      expect(signal).toBe('SIGKILL');
      expect(Date.now()).toBeGreaterThan(endsAt);
      expect(await closesOf(recovery, lotId)).toHaveLength(0);

      const restarted = recovery.startWorkers();
      const swept = await restarted.swept;
      expect(swept.lotsClosed).toBe(1);
      const closes = await closesOf(recovery, lotId);
      expect(closes).toHaveLength(1);
      expect(closes[0]?.data).toMatchObject({ status: 5, winnerId: winner });
      // The killed worker's job is still held; whenever it runs again it finds the lot closed.
      await sleep(500);
      expect(await closesOf(recovery, lotId)).toHaveLength(1);
    } finally {
      await recovery.close();
    }
  });

  it('recreates the jobs of open lots that Redis lost', async () => {
    const { auctionId } = await createAuction(world.db);
    const endsAt = Date.now() + 30 * MINUTE;
    const lotId = await openLot(world, auctionId, { endsAt });
    await world.workers.caughtUp();
    const id = closingJobId({ kind: 'closeLot', lotId: String(lotId), endsAt });
    await eventually(async () => expect(await world.workers.closings.getJob(id)).toBeDefined());
    await world.workers.closings.remove(id);
    expect(await world.workers.closings.getJob(id)).toBeUndefined();
    await world.projections.caughtUp();
    await world.workers.sweep();
    expect(await (await world.workers.closings.getJob(id))?.getState()).toBe('delayed');
  });
});
