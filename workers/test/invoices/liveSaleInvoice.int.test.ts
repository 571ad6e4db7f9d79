import { LotType } from '@auction/contract';
import { requestAuctionSchedule } from '@auction/platform';
import { describe, expect, it } from 'vitest';
import {
  bid,
  createAuction,
  createBidder,
  eventually,
  openLot,
  SECOND,
  send,
  useRunningWorld,
} from '../workerFixtures.ts';

const world = useRunningWorld({ invoiceDelayMs: 0 });

const bidder = (name: string) => createBidder(world.db, name);

describe('a live lot sold on stage', () => {
  it('is shown won at the hammer price and invoiced to the stage winner, not the online leader', async () => {
    const [alice, bob] = [await bidder('alice'), await bidder('bob')];
    const t0 = Date.now();
    const { auctionId } = await createAuction(world.db, {
      status: 3,
      dateOpen: t0 - 60_000,
      dateCompleted: t0 + 3 * SECOND,
    });
    const lotId = await openLot(world, auctionId, { endsAt: t0 + 2 * SECOND });
    await world.db.updateTable('lots').set({ type: LotType.Live }).where('id', '=', lotId).execute();
    await bid(world, lotId, alice, 50_00);
    await send(world.handler, lotId, { type: 'RecordLiveSale', bidderId: bob, amount: 120_00, live: true });

    const view = await eventually(async () => {
      const row = await world.db
        .selectFrom('lot_views')
        .selectAll()
        .where('lot_id', '=', lotId)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe(5);
      return row;
    });
    expect(view).toMatchObject({ winner_id: bob, price: 120_00 });

    await requestAuctionSchedule(world.workers.lifecycle, auctionId);
    const items = await eventually(async () => {
      const rows = await world.db
        .selectFrom('invoice_items as i')
        .innerJoin('invoices as v', 'v.id', 'i.invoice_id')
        .select(['v.bidder_id', 'i.kind', 'i.lot_id', 'i.amount'])
        .where('v.auction_id', '=', auctionId)
        .execute();
      expect(rows).toHaveLength(1);
      return rows;
    }, 20_000);
    expect(items).toEqual([{ bidder_id: bob, kind: 'lot', lot_id: lotId, amount: 120_00 }]);
  });
});
