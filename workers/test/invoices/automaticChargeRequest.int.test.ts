import { requestAuctionSchedule } from '@auction/platform';
import { createInvoiceChargesQueue } from '@auction/platform/invoices';
import { testRedisUrl } from '@auction/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuctionWorkers } from '../../src/auctionWorkers.ts';
import { generateInvoices } from '../../src/invoices/generateInvoices.ts';
import {
  bid,
  createAuction,
  createBidder,
  createWorld,
  eventually,
  openLot,
  SECOND,
  type World,
} from '../workerFixtures.ts';

let world: World;
let workers: AuctionWorkers;
beforeAll(async () => {
  world = await createWorld();
  workers = world.startWorkers({ invoiceDelayMs: 0 });
});
afterAll(async () => {
  await workers?.stop();
  await world?.close();
});

const bidder = () => createBidder(world.db);

/** An auction that completes in a moment with one lot won by each bidder given. */
async function auctionWon(chargeAutomatically: boolean, winners: string[]) {
  const t0 = Date.now();
  const { auctionId } = await createAuction(world.db, {
    status: 3,
    dateOpen: t0 - 60_000,
    dateCompleted: t0 + 2 * SECOND,
  });
  await world.db
    .updateTable('auctions')
    .set({ charge_automatically_at_completion: chargeAutomatically })
    .where('id', '=', auctionId)
    .execute();
  for (const winner of winners) {
    const lotId = await openLot(world, auctionId, { endsAt: t0 + 1_500 });
    await bid(world, lotId, winner, 40_00);
  }
  await requestAuctionSchedule(workers.lifecycle, auctionId);
  return auctionId;
}

const invoicesOf = (auctionId: number) =>
  eventually(async () => {
    const rows = await world.db
      .selectFrom('invoices')
      .select(['id', 'automatic_charge'])
      .where('auction_id', '=', auctionId)
      .execute();
    if (rows.length === 0) throw new Error('not invoiced yet');
    return rows;
  });

describe('automatic charging requested at invoicing', () => {
  it('marks each invoice pending in the generating transaction and requests the charges once, however often generation runs', async () => {
    const auctionId = await auctionWon(true, [await bidder(), await bidder()]);
    const invoices = await invoicesOf(auctionId);
    expect(invoices.map((i) => i.automatic_charge)).toEqual(['pending', 'pending']);

    const queue = createInvoiceChargesQueue({ connection: { url: testRedisUrl() }, prefix: world.prefix });
    try {
      // Generation again (another worker, a redelivered job): nothing more is created or requested.
      const again = await generateInvoices(world.db, { redis: world.redis, prefix: world.prefix }, auctionId, queue);
      expect(again).toEqual({ kind: 'notCompleted' });
      const jobs = await queue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
      expect(jobs.filter((job) => job.data.auctionId === auctionId)).toHaveLength(1);
    } finally {
      await queue.close();
    }
  });

  it('an auction without the option: its invoices wait for the bidders, nothing is requested', async () => {
    const auctionId = await auctionWon(false, [await bidder()]);
    const invoices = await invoicesOf(auctionId);
    expect(invoices.map((i) => i.automatic_charge)).toEqual([null]);
    const queue = createInvoiceChargesQueue({ connection: { url: testRedisUrl() }, prefix: world.prefix });
    try {
      const jobs = await queue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
      expect(jobs.filter((job) => job.data.auctionId === auctionId)).toHaveLength(0);
    } finally {
      await queue.close();
    }
  });
});
