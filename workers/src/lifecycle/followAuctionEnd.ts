import { randomUUID } from 'node:crypto';
import { LotStatus } from '@auction/contract';
import { type LotCommandHandler, lotStreamId } from '@auction/engine';
import type { Db } from '@auction/platform';
import { mapWithConcurrency } from '../closings/closingWorker.ts';

/**
 * The auction's end is copied into each lot's stream when the lot opens: it is the end an
 * extension may not pass (DESIGN.md §3 rule 5, Ta). When the organisers move the auction's end,
 * every lot still open is told (MoveAuctionEnd), or a lot rescheduled past the old end would never
 * extend again, and one near the new end could extend past it.
 *
 * The command changes nothing on a lot that already has that end, so it is sent again freely: by
 * a retried job, or by two jobs of one auction at once. Such jobs may still cross on a lot (one
 * reading the end before a change, the other after), so each sends the end it read and then reads
 * it again, until what it sent is still the auction's end: the last to finish sends the last end.
 */
export async function followAuctionEnd(
  deps: { db: Db; handler: LotCommandHandler; clock: () => number },
  auctionId: number,
  sent: number | null,
): Promise<void> {
  let end = sent;
  for (;;) {
    await moveOpenLots(deps, auctionId, end);
    const now = await auctionEnd(deps.db, auctionId);
    if (now === undefined || now === end) return;
    end = now;
  }
}

async function auctionEnd(db: Db, auctionId: number): Promise<number | null | undefined> {
  const row = await db.selectFrom('auctions').select('date_completed').where('id', '=', auctionId).executeTakeFirst();
  return row === undefined ? undefined : (row.date_completed?.getTime() ?? null);
}

async function moveOpenLots(
  deps: { db: Db; handler: LotCommandHandler; clock: () => number },
  auctionId: number,
  auctionEndsAt: number | null,
): Promise<void> {
  // A lot the read model has not seen yet may be open already: it is asked too.
  const lots = await deps.db
    .selectFrom('lots as l')
    .leftJoin('lot_views as v', 'v.lot_id', 'l.id')
    .select('l.id')
    .where('l.auction_id', '=', auctionId)
    .where((eb) => eb.or([eb('v.lot_id', 'is', null), eb('v.status', '=', LotStatus.InProgress)]))
    .execute();
  await mapWithConcurrency(lots, 16, async ({ id }) => {
    const outcome = await deps.handler.handle(lotStreamId(id), {
      type: 'MoveAuctionEnd',
      auctionEndsAt,
      commandId: randomUUID(),
      userId: null,
      at: deps.clock(),
      auctionActive: false,
    });
    // Closed since the read model looked, or never opened: its extensions are over or not begun
    // (a lot opening later copies the auction's end as it is then).
    if (!outcome.ok && outcome.reason !== 'item_closed' && outcome.reason !== 'lot_not_opened') {
      throw new Error(`lot ${id}: moving the auction's end was refused (${outcome.reason})`);
    }
  });
}
