import { describe, expect, it } from 'vitest';
import { answersAtOnce, PollWaiter, START_OF_STREAM } from '../../src/hub/longPoll.ts';
import { encode } from '../../src/hub/protocol.ts';

const bid = { id: '1700000000000-0', event: 'BidReceived' as const, data: { auctionLotItemId: 4 } };

describe('a long poll held by the hub', () => {
  it('is not woken by acknowledgements, only by news', async () => {
    const waiter = new PollWaiter(null);
    waiter.send(encode({ type: 'subscribed', auctionId: 12, lastId: '1700000000000-0' }));
    expect(waiter.hasNews()).toBe(false);
    const started = Date.now();
    const waiting = waiter.wait(5_000);
    setTimeout(() => waiter.send(encode({ type: 'events', auctionId: 12, events: [bid] })), 20);
    await waiting;
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(waiter.answer().map((message) => message.type)).toEqual(['subscribed', 'events', 'SynchronizeClientTime']);
  });

  it('answers an empty batch when the wait runs out', async () => {
    const waiter = new PollWaiter(null);
    waiter.send(encode({ type: 'subscribed', auctionId: 12, lastId: '1700000000000-0' }));
    await waiter.wait(30);
    expect(waiter.answer(new Date('2026-11-23T18:00:00.000Z'))).toEqual([
      { type: 'subscribed', auctionId: 12, lastId: '1700000000000-0' },
      { type: 'SynchronizeClientTime', currentTime: '2026-11-23T18:00:00.000Z' },
    ]);
  });

  it('does not wait at all when told to refetch, or once the client has gone', async () => {
    const refetch = new PollWaiter(null);
    refetch.send(encode({ type: 'refetch', auctionId: 12 }));
    const started = Date.now();
    await refetch.wait(5_000);
    const gone = new AbortController();
    const waiting = new PollWaiter(null).wait(5_000, gone.signal);
    gone.abort();
    await waiting;
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('is released on shutdown', async () => {
    const waiter = new PollWaiter(null);
    const waiting = waiter.wait(5_000);
    waiter.release();
    await expect(waiting).resolves.toBeUndefined();
  });

  it('gives an auction without events a position to resume from, so the next poll waits instead of spinning', () => {
    const waiter = new PollWaiter(null);
    waiter.send(encode({ type: 'subscribed', auctionId: 12, lastId: null }));
    expect(waiter.answer()[0]).toEqual({ type: 'subscribed', auctionId: 12, lastId: START_OF_STREAM });
  });

  it('answers a first poll (no position yet) at once', () => {
    expect(answersAtOnce([{ auctionId: 1, lastId: '1-0' }, { auctionId: 2 }])).toBe(true);
    expect(answersAtOnce([{ auctionId: 1, lastId: '1-0' }])).toBe(false);
  });
});
