import { createRedis, type HubEvent, hubEventsSince } from '@auction/platform';
import { testPrefix, testRedisUrl } from '@auction/platform/testing';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Projections, startProjections } from '../src/index.ts';
import { bidder, createFixture, eventually, type Fixture, openLot, send } from './dbFixtures.ts';
import { EXTENDING, HOUR, MINUTE, NOW } from './lotStream.ts';

let fixture: Fixture;
let redis: Redis;
let runner: Projections;
const prefix = testPrefix();

beforeAll(async () => {
  fixture = await createFixture();
  redis = createRedis(testRedisUrl());
  const { pool, db } = fixture.database;
  runner = startProjections({ pool, db, redis, hubPrefix: prefix, pollIntervalMs: 10 });
});
afterAll(async () => {
  await runner.stop();
  redis.disconnect();
  await fixture.database.drop();
});

/** The auction's hub stream once it holds `count` entries (publication follows the commit). */
async function published(count: number): Promise<HubEvent[]> {
  return eventually(async () => {
    const events = (await hubEventsSince(redis, fixture.auctionId, '0-0', prefix)) ?? [];
    expect(events.length).toBeGreaterThanOrEqual(count);
    return events;
  });
}

describe('hub events', () => {
  it('publishes one hub event per projected event, after the commit, in order', async () => {
    const { handler } = fixture;
    const [alice, bob] = [bidder(), bidder()];
    const lot = await openLot(fixture, EXTENDING);
    const fixed = await openLot(fixture, { type: 'fixedPrice', multiSaleQuantity: 10 });
    await send(handler, lot, { type: 'PlaceMaxBid', bidderId: alice, maxAmount: 20_00 });
    const bobBid = await send(handler, lot, { type: 'PlaceBid', bidderId: bob, amount: 15_50 });
    await send(handler, lot, { type: 'PlaceBid', bidderId: bob, amount: 30_00 }, { at: NOW + HOUR - MINUTE });
    await send(handler, lot, { type: 'RemoveBid', sourceCommandId: bobBid.commandId, reason: 'test' });
    await send(handler, lot, { type: 'HideLot' });
    await send(handler, lot, { type: 'ShowLot' });
    await send(handler, lot, { type: 'RescheduleLot', endsAt: NOW + 2 * HOUR });
    await send(handler, fixed, { type: 'BuyItem', bidderId: alice, quantity: 3 });
    await send(handler, lot, { type: 'CloseLot' }, { at: NOW + 2 * HOUR });
    await runner.caughtUp();

    const events = await published(13);
    // Alice's maximum is hers alone: her devices are told, in the auction's stream, marked for her.
    const [maxBid] = events.splice(0, 1);
    expect(maxBid).toMatchObject({ event: 'MaxBidChanged', data: { auctionLotItemId: lot }, forUserId: alice });
    expect(events.map((e) => [e.event, e.data.auctionLotItemId])).toEqual([
      ['BidReceived', lot], // Alice's max bids the starting bid
      ['BidReceived', lot], // Bob's 15.50
      ['BidReceived', lot], // Alice's max answers
      ['BidReceived', lot], // Bob's 30.00 near the end...
      ['AuctionLotItemEndDateChanged', lot], // ...extends the lot
      ['BidReceived', lot], // the removal
      ['BidDeleted', lot],
      ['AuctionLotItemHidden', lot],
      ['AuctionLotItemHidden', lot],
      ['AuctionLotItemEndDateChanged', lot],
      ['MultiSaleQuantityAdjusted', fixed],
      ['AuctionLotItemClose', lot],
    ]);
    const [first, bobReceived, , , extended, removal, deleted, hidden, , rescheduled, sold, closed] = events;
    expect(first?.auctionId).toBe(fixture.auctionId);
    expect(bobReceived?.data).toEqual({
      auctionLotItemId: lot,
      lotNumber: expect.any(Number),
      auctionLotItemType: 1,
      isDelete: false,
      price: { value: 15.5, currencyCode: 'CAD' },
      bidCount: 2,
      leaderUserId: bob,
      dateCompleted: new Date(NOW + HOUR).toISOString(),
      isAutoBid: false,
    });
    expect(extended?.data).toMatchObject({
      dateCompleted: new Date(NOW + HOUR + 2 * MINUTE).toISOString(),
      initialDateCompleted: new Date(NOW + HOUR).toISOString(),
    });
    // Without Bob's 15.50 the standing is Alice 10.00, Bob 30.00.
    expect(removal?.data).toMatchObject({
      isDelete: true,
      price: { value: 30, currencyCode: 'CAD' },
      bidCount: 2,
      leaderUserId: bob,
    });
    expect(deleted?.data).toEqual({ auctionLotItemId: lot, userId: bob });
    expect(hidden?.data).toEqual({ auctionLotItemId: lot, isHidden: true });
    expect(rescheduled?.data).toMatchObject({ dateCompleted: new Date(NOW + 2 * HOUR).toISOString() });
    expect(sold?.data).toEqual({ auctionLotItemId: fixed, soldQuantity: 3, remainingQuantity: 7 });
    expect(closed?.data).toEqual({
      auctionLotItemId: lot,
      lotNumber: bobReceived?.data.lotNumber,
      status: 5,
      winnerUserId: bob,
      early: false,
    });
  });
});
