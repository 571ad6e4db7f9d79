import { AuctionStatus } from '@auction/contract';
import { requestAuctionSchedule } from '@auction/platform';
import { describe, expect, it } from 'vitest';
import {
  bid,
  closesOf,
  createAuction,
  createBidder,
  eventually,
  MINUTE,
  openLot,
  SECOND,
  useRunningWorld,
} from '../workerFixtures.ts';

// A real invoice delay (short): the case below only went wrong when the delay was not zero.
const INVOICE_DELAY = SECOND;
const world = useRunningWorld({ invoiceDelayMs: INVOICE_DELAY });

const auctionRow = (auctionId: number) =>
  world.db
    .selectFrom('auctions')
    .select(['status', 'completed_date'])
    .where('id', '=', auctionId)
    .executeTakeFirstOrThrow();

describe('an auction Completed without its completion date', () => {
  it('is stamped once when the lifecycle first sees it, then invoiced the invoice delay later', async () => {
    const bidderId = await createBidder(world.db, 'fay');
    const t0 = Date.now();
    const { auctionId } = await createAuction(world.db, { status: AuctionStatus.Active, dateOpen: t0 - MINUTE });
    const lotId = await openLot(world, auctionId, { endsAt: t0 + 500 });
    await bid(world, lotId, bidderId, 30_00);
    await eventually(async () => expect(await closesOf(world, lotId)).toHaveLength(1));
    // Completed as a row loaded from elsewhere would be: the status, but not when.
    await world.db
      .updateTable('auctions')
      .set({ status: AuctionStatus.Completed, is_available: false, completed_date: null })
      .where('id', '=', auctionId)
      .execute();
    const seen = Date.now();
    await requestAuctionSchedule(world.workers.lifecycle, auctionId);

    const stamped = await eventually(async () => {
      const row = await auctionRow(auctionId);
      expect(row.completed_date).not.toBeNull();
      return row.completed_date as Date;
    });
    expect(stamped.getTime()).toBeGreaterThanOrEqual(seen);

    const invoice = await eventually(() =>
      world.db.selectFrom('invoices').selectAll().where('auction_id', '=', auctionId).executeTakeFirstOrThrow(),
    );
    expect(invoice).toMatchObject({ bidder_id: bidderId, subtotal: 30_00 });
    expect(invoice.created_at.getTime()).toBeGreaterThanOrEqual(stamped.getTime() + INVOICE_DELAY);
    const after = await auctionRow(auctionId);
    expect(after.status).toBe(AuctionStatus.InvoiceGenerated);
    // The stamp is written once: later runs found it and kept it.
    expect(after.completed_date?.getTime()).toBe(stamped.getTime());
  });
});
