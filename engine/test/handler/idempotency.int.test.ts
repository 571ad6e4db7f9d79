import type { TestDatabase } from '@auction/platform/testing';
import { describe, expect, it } from 'vitest';
import {
  createLotCommandHandler,
  KEY_REUSED,
  type LotCommand,
  type LotCommandHandler,
  lotStreamId,
  type PostgresEventStore,
  scopedCommandId,
} from '../../src/index.ts';
import { useEventStore } from '../store/useEventStore.ts';
import { envelope, lotConfig, NOW } from './lotFixtures.ts';

let database: TestDatabase;
let store: PostgresEventStore;

useEventStore((started) => {
  ({ database, store } = started);
});

let lots = 0;
async function openLots(handler: LotCommandHandler, n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, () => `idem-${++lots}`);
  for (const id of ids) {
    const opened = await handler.handle(lotStreamId(id), {
      ...envelope(`open-${id}`, NOW - 1000),
      type: 'OpenLot',
      config: lotConfig(id),
    });
    expect(opened.ok).toBe(true);
  }
  return ids;
}

const bid = (commandId: string, bidderId: string, amount: number, at = NOW): LotCommand => ({
  ...envelope(commandId, at),
  userId: bidderId,
  type: 'PlaceBid',
  bidderId,
  amount,
});

const streamLength = async (lotId: string) => (await store.readStream(lotStreamId(lotId))).length;
const keyRow = async (commandId: string) =>
  (await database.pool.query('SELECT * FROM command_keys WHERE command_id = $1', [commandId])).rows;

describe('idempotency keys (Stripe semantics)', () => {
  it('answers the same key and request with the first acceptance, in this process and another, appending nothing', async () => {
    const handler = createLotCommandHandler(store);
    const [lot] = (await openLots(handler, 1)) as [string];
    const first = await handler.handle(lotStreamId(lot), bid('same-1', 'bob', 10_00));
    expect(first.ok && !first.duplicate).toBe(true);
    const length = await streamLength(lot);

    const again = await handler.handle(lotStreamId(lot), bid('same-1', 'bob', 10_00, NOW + 5));
    // Another process: its own handler, its cache built from the stream.
    const elsewhere = await createLotCommandHandler(store).handle(
      lotStreamId(lot),
      bid('same-1', 'bob', 10_00, NOW + 9),
    );
    for (const retry of [again, elsewhere]) {
      expect(retry.ok && retry.duplicate).toBe(true);
      expect(retry.ok && retry.events.map((e) => e.globalPosition)).toEqual(
        first.ok && first.events.map((e) => e.globalPosition),
      );
    }
    expect(await streamLength(lot)).toBe(length);
  });

  it('answers the same key and request with the first refusal in another process, even once it would be accepted', async () => {
    const handler = createLotCommandHandler(store);
    const [lot] = (await openLots(handler, 1)) as [string];
    const closed = { ...bid('refused-1', 'bob', 10_00), auctionActive: false };
    expect(await handler.handle(lotStreamId(lot), closed)).toEqual({ ok: false, reason: 'auctionNotActive' });
    expect(await keyRow('refused-1')).toMatchObject([{ refusal: 'auctionNotActive', event_count: 0 }]);

    const reopened = { ...closed, auctionActive: true };
    expect(await createLotCommandHandler(store).handle(lotStreamId(lot), reopened)).toEqual({
      ok: false,
      reason: 'auctionNotActive',
    });
    expect(await handler.handle(lotStreamId(lot), reopened)).toEqual({ ok: false, reason: 'auctionNotActive' });
    expect(await streamLength(lot)).toBe(1);
  });

  it('refuses the same key with another amount or kind as a reuse and records nothing', async () => {
    const handler = createLotCommandHandler(store);
    const [lot] = (await openLots(handler, 1)) as [string];
    await handler.handle(lotStreamId(lot), bid('amount-1', 'bob', 10_00));
    const before = await keyRow('amount-1');
    const other = createLotCommandHandler(store);
    for (const h of [handler, other]) {
      expect(await h.handle(lotStreamId(lot), bid('amount-1', 'bob', 50_00))).toEqual({
        ok: false,
        reason: KEY_REUSED,
      });
      expect(
        await h.handle(lotStreamId(lot), {
          ...envelope('amount-1'),
          type: 'PlaceMaxBid',
          bidderId: 'bob',
          maxAmount: 10_00,
        }),
      ).toEqual({ ok: false, reason: KEY_REUSED });
    }
    expect(await streamLength(lot)).toBe(2);
    expect(await keyRow('amount-1')).toEqual(before);

    // A refused key is used too: another request with it is a reuse, not a second chance.
    expect(await handler.handle(lotStreamId(lot), bid('low-1', 'carol', 5_00))).toEqual({
      ok: false,
      reason: 'bid_too_low',
    });
    expect(await other.handle(lotStreamId(lot), bid('low-1', 'carol', 30_00))).toEqual({
      ok: false,
      reason: KEY_REUSED,
    });
    expect(await streamLength(lot)).toBe(2);
  });

  it('keeps two users of the same client key apart once scoped', async () => {
    const handler = createLotCommandHandler(store);
    const [lot] = (await openLots(handler, 1)) as [string];
    const alice = await handler.handle(lotStreamId(lot), bid(scopedCommandId('alice', 'k-1'), 'alice', 10_00));
    const bob = await handler.handle(lotStreamId(lot), bid(scopedCommandId('bob', 'k-1'), 'bob', 11_00));
    expect(alice.ok && !alice.duplicate && bob.ok && !bob.duplicate).toBe(true);
    const bids = (await store.readStream(lotStreamId(lot))).filter((e) => e.type === 'BidPlaced');
    expect(bids.map((e) => [e.meta.userId, (e.data as { amount: number }).amount])).toEqual([
      ['alice', 10_00],
      ['bob', 11_00],
    ]);
    expect(scopedCommandId('alice', 'k-1')).not.toContain('k-1');
  });

  it('refuses a key reused on another lot without an error, accepted or refused first', async () => {
    const handler = createLotCommandHandler(store);
    const [a, b] = (await openLots(handler, 2)) as [string, string];
    await handler.handle(lotStreamId(a), bid('lot-1', 'bob', 10_00));
    expect(await handler.handle(lotStreamId(b), bid('lot-1', 'bob', 10_00))).toEqual({ ok: false, reason: KEY_REUSED });
    await handler.handle(lotStreamId(a), bid('lot-2', 'bob', 1_00));
    expect(await handler.handle(lotStreamId(b), bid('lot-2', 'bob', 20_00))).toEqual({ ok: false, reason: KEY_REUSED });
    expect(await streamLength(b)).toBe(1);
    // The lot still takes bids afterwards.
    expect((await handler.handle(lotStreamId(b), bid('lot-3', 'bob', 10_00))).ok).toBe(true);
  });

  it('refuses only the offender of a busy batch: every other command of its round and statement is accepted', async () => {
    const handler = createLotCommandHandler(store);
    const [hot, ...others] = (await openLots(handler, 6)) as [string, ...string[]];
    await handler.handle(lotStreamId(others[0] as string), bid('busy-used', 'zed', 10_00));

    const commands: Array<[string, LotCommand]> = [];
    for (let i = 0; i < 60; i++) commands.push([hot, bid(`busy-hot-${i}`, `b${i % 7}`, 10_00 + i * 100, NOW + i)]);
    for (const [n, lot] of others.entries()) {
      for (let i = 0; i < 5; i++)
        commands.push([lot, bid(`busy-${n}-${i}`, `c${i}`, (n === 0 ? 11_00 : 10_00) + i * 100)]);
    }
    // The offenders: a key already used on another lot, in the middle of the hot lot's round, and a
    // key used twice in one round with two amounts.
    commands.splice(30, 0, [hot, bid('busy-used', 'zed', 99_00, NOW + 30)]);
    commands.splice(40, 0, [hot, bid('busy-hot-10', 'b3', 98_00, NOW + 40)]);
    commands.push([others[1] as string, bid('busy-used', 'zed', 20_00)]);

    const outcomes = await Promise.all(commands.map(([lot, command]) => handler.handle(lotStreamId(lot), command)));
    const offenders = [30, 40, commands.length - 1];
    for (const [i, outcome] of outcomes.entries()) {
      if (offenders.includes(i)) expect(outcome).toEqual({ ok: false, reason: KEY_REUSED });
      else expect(outcome.ok, `command ${i}`).toBe(true);
    }
    const hotBids = (await store.readStream(lotStreamId(hot))).filter((e) => e.type === 'BidPlaced');
    expect(hotBids).toHaveLength(60);
    expect(hotBids.some((e) => e.meta.commandId === 'busy-used')).toBe(false);
    for (const [n, lot] of others.entries()) {
      expect((await store.readStream(lotStreamId(lot))).filter((e) => e.type === 'BidPlaced')).toHaveLength(
        n === 0 ? 6 : 5,
      );
    }
  });
});
