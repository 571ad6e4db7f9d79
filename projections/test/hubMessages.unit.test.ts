import { describe, expect, it } from 'vitest';
import { asLotEvent, hubMessagesFor } from '../src/index.ts';
import {
  command,
  EXTENDING,
  fixedPriceConfig,
  HOUR,
  LOT,
  LotStream,
  lotConfig,
  MINUTE,
  NOW,
  projectedRows,
} from './lotStream.ts';

/** The hub events of the last event appended, from the view right after it. */
function lastMessages(lot: LotStream, remaining: number | null = null) {
  const rows = projectedRows(lot);
  const last = lot.events.at(-1);
  if (!last) throw new Error('no event');
  return hubMessagesFor(LOT, asLotEvent(last), rows.view, remaining);
}

const iso = (ms: number) => new Date(ms).toISOString();

describe('hub events (spec 001 §7) from projected events', () => {
  it('BidPlaced: BidReceived with the standing price in dollars, bid count, leader and end', () => {
    const lot = new LotStream();
    lot.run(command.open());
    lot.run(command.bid('alice', 12_50));
    expect(lastMessages(lot)).toEqual([
      {
        auctionId: 7,
        name: 'BidReceived',
        data: {
          auctionLotItemId: 1,
          lotNumber: 12,
          auctionLotItemType: 1,
          isDelete: false,
          price: { value: 12.5, currencyCode: 'CAD' },
          bidCount: 1,
          leaderUserId: 'alice',
          dateCompleted: iso(NOW + HOUR),
          isAutoBid: false,
        },
      },
    ]);
  });

  // The bidder whose bid a maximum answered at once is told by their bid's answer, not again live.
  it("BidPlaced by a maximum says so: the answer to bob's bid is alice's automatic one", () => {
    const lot = new LotStream();
    lot.run(command.open());
    lot.run(command.max('alice', 50_00));
    lot.run(command.bid('bob', 20_00));
    const messages = lastMessages(lot).filter((m) => m.name === 'BidReceived');
    expect(messages.at(-1)?.data).toMatchObject({ leaderUserId: 'alice', isAutoBid: true });
  });

  it('BidRemoved: BidReceived with isDelete, then BidDeleted for the bidder', () => {
    const lot = new LotStream();
    lot.run(command.open());
    lot.run(command.bid('alice', 10_00, { id: 'a1' }));
    lot.run(command.remove({ sourceCommandId: 'a1' }));
    const messages = lastMessages(lot);
    expect(messages.map((m) => m.name)).toEqual(['BidReceived', 'BidDeleted']);
    expect(messages[0]?.data).toMatchObject({ isDelete: true, price: null, bidCount: 0, leaderUserId: null });
    expect(messages[1]?.data).toEqual({ auctionLotItemId: 1, userId: 'alice' });
  });

  it('ItemPurchased: MultiSaleQuantityAdjusted', () => {
    const lot = new LotStream();
    lot.run(command.open(fixedPriceConfig()));
    lot.run(command.buy('alice', 3));
    expect(lastMessages(lot, 7)).toEqual([
      {
        auctionId: 7,
        name: 'MultiSaleQuantityAdjusted',
        data: { auctionLotItemId: 1, soldQuantity: 3, remainingQuantity: 7 },
      },
    ]);
  });

  it('LiveSaleCorrected: BidReceived at the corrected price, then AuctionLotItemClose with the corrected winner', () => {
    const lot = new LotStream();
    lot.run(command.open());
    lot.run(command.liveSale('alice', 250_00));
    lot.run(command.correctLiveSale('bob', 260_00));
    const messages = lastMessages(lot);
    expect(messages.map((m) => m.name)).toEqual(['BidReceived', 'AuctionLotItemClose']);
    expect(messages[0]?.data).toMatchObject({
      isDelete: false,
      isCorrection: true,
      price: { value: 260 },
      leaderUserId: 'bob',
    });
    expect(messages[1]?.data).toEqual({
      auctionLotItemId: 1,
      lotNumber: 12,
      status: 5,
      winnerUserId: 'bob',
      early: false,
      corrected: true,
    });
  });

  it('LotClosed: AuctionLotItemClose, with the lot number its live message names', () => {
    const lot = new LotStream();
    lot.run(command.open());
    lot.run(command.closeEarly());
    expect(lastMessages(lot)[0]).toMatchObject({
      name: 'AuctionLotItemClose',
      data: { auctionLotItemId: 1, lotNumber: 12, status: 3, winnerUserId: null, early: true },
    });
  });

  it('LotExtended and LotRescheduled: AuctionLotItemEndDateChanged', () => {
    const lot = new LotStream();
    lot.run(command.open(lotConfig(EXTENDING)));
    lot.run(command.bid('alice', 10_00, { at: NOW + HOUR - MINUTE }));
    const expected = (endsAt: number, initial: number) => ({
      name: 'AuctionLotItemEndDateChanged',
      data: {
        auctionLotItemId: 1,
        dateCompleted: iso(endsAt),
        initialDateCompleted: iso(initial),
        auctionLotItemNumber: 12,
      },
    });
    expect(lastMessages(lot)).toMatchObject([expected(NOW + HOUR + 2 * MINUTE, NOW + HOUR)]);
    lot.run(command.reschedule(NOW + 5 * HOUR));
    expect(lastMessages(lot)).toMatchObject([expected(NOW + 5 * HOUR, NOW + 5 * HOUR)]);
  });

  it('LotHidden and LotShown: AuctionLotItemHidden', () => {
    const lot = new LotStream();
    lot.run(command.open());
    lot.run(command.hide());
    expect(lastMessages(lot)[0]).toMatchObject({ name: 'AuctionLotItemHidden', data: { isHidden: true } });
    lot.run(command.show());
    expect(lastMessages(lot)[0]).toMatchObject({ name: 'AuctionLotItemHidden', data: { isHidden: false } });
  });

  it('MaxBidPlaced, MaxBidRaised and MaxBidDeleted: MaxBidChanged for the bidder alone, without the amount', () => {
    const lot = new LotStream();
    lot.run(command.open());
    lot.run(command.bid('alice', 10_00));
    const forAlice = [
      { auctionId: 7, name: 'MaxBidChanged', data: { auctionLotItemId: 1, lotNumber: 12 }, forUserId: 'alice' },
    ];
    // Alice leads already: her maximum changes nothing the other watchers see.
    lot.run(command.max('alice', 20_00));
    expect(lot.events.at(-1)?.type).toBe('MaxBidPlaced');
    expect(lastMessages(lot)).toEqual(forAlice);
    lot.run(command.max('alice', 30_00));
    expect(lot.events.at(-1)?.type).toBe('MaxBidRaised');
    expect(lastMessages(lot)).toEqual(forAlice);
    lot.run(command.deleteMax('alice'));
    expect(lot.events.at(-1)?.type).toBe('MaxBidDeleted');
    expect(lastMessages(lot)).toEqual(forAlice);
  });

  it('events with nothing to tell the hub publish nothing', () => {
    const lot = new LotStream();
    lot.run(command.open());
    expect(lastMessages(lot)).toEqual([]);
    lot.run(command.reprice({ minimumIncrement: 2_00 }));
    expect(lastMessages(lot)).toEqual([]);
  });
});
