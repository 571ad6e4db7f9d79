import { randomUUID } from 'node:crypto';
import { type DonationEventBody, donationDeletionCommandId, donationStreamId } from '@auction/engine';
import { describe, expect, it } from 'vitest';
import { rebuildProjections, verifyReadModels } from '../src/index.ts';
import { bidder, openLot, send, useRunningProjections } from './dbFixtures.ts';
import { HOUR, NOW } from './lotStream.ts';

const { fixture, runner } = useRunningProjections();

/** Appends a donation's events as the API does: its own stream, the donation id as the command id. */
async function donate(userId: string | null, amount: number, at = NOW) {
  const donationId = randomUUID();
  const event: DonationEventBody = {
    type: 'DonationReceived',
    data: { donationId, auctionId: fixture.auctionId, userId, amount, clientDateCreated: at - 5_000 },
  };
  await fixture.store.appendToStream(
    donationStreamId(donationId),
    [{ ...event, meta: { commandId: donationId, userId, at } }],
    0,
  );
  return donationId;
}

async function deleteDonation(donationId: string, userId: string | null, amount: number) {
  const event: DonationEventBody = {
    type: 'DonationDeleted',
    data: { donationId, auctionId: fixture.auctionId, userId, amount },
  };
  const meta = {
    commandId: donationDeletionCommandId(donationId),
    userId: 'f0000000-0000-4000-8000-000000000000',
    at: NOW + 1,
  };
  await fixture.store.appendToStream(donationStreamId(donationId), [{ ...event, meta }], 1);
}

async function linesOf(bidderId: string) {
  return fixture.database.db
    .selectFrom('invoice_lines')
    .select(['line_id', 'kind', 'lot_id', 'donation_id', 'quantity', 'unit_price', 'amount'])
    .where('bidder_id', '=', bidderId)
    .where('auction_id', '=', fixture.auctionId)
    .orderBy('line_id')
    .execute();
}

async function tables() {
  const { db } = fixture.database;
  const [donations, lines] = await Promise.all([
    db.selectFrom('donations').selectAll().orderBy('donation_id').execute(),
    db.selectFrom('invoice_lines').selectAll().orderBy('line_id').execute(),
  ]);
  return { donations, lines };
}

describe('donations and invoice lines read models', () => {
  it('projects a donation, its deletion, and its invoice line', async () => {
    const alice = bidder();
    const kept = await donate(alice, 50_00);
    const removed = await donate(alice, 25_00);
    const anonymous = await donate(null, 10_00);
    await runner.caughtUp();
    const row = await fixture.database.db
      .selectFrom('donations')
      .selectAll()
      .where('donation_id', '=', kept)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ auction_id: fixture.auctionId, user_id: alice, amount: 50_00, deleted_at: null });
    expect(row.donated_at.getTime()).toBe(NOW);
    expect(row.client_date_created?.getTime()).toBe(NOW - 5_000);

    await deleteDonation(removed, alice, 25_00);
    await runner.caughtUp();
    expect(await linesOf(alice)).toEqual([
      {
        line_id: `donation:${kept}`,
        kind: 'donation',
        lot_id: null,
        donation_id: kept,
        quantity: 1,
        unit_price: 50_00,
        amount: 50_00,
      },
    ]);
    const deleted = await fixture.database.db
      .selectFrom('donations')
      .select(['deleted_at', 'stream_version'])
      .where('donation_id', '=', removed)
      .executeTakeFirstOrThrow();
    expect(deleted).toMatchObject({ deleted_at: new Date(NOW + 1), stream_version: 2 });
    // An anonymous donation is recorded but invoices no one.
    const lines = await fixture.database.db
      .selectFrom('invoice_lines')
      .select('line_id')
      .where('donation_id', '=', anonymous)
      .execute();
    expect(lines).toEqual([]);
  });

  it('writes a won lot and purchases as lines, and moves the won line when a bid is removed after the close', async () => {
    const { handler } = fixture;
    const [alice, bob] = [bidder(), bidder()];
    const lot = await openLot(fixture);
    await send(handler, lot, { type: 'PlaceBid', bidderId: alice, amount: 10_00 }, { at: NOW + 1 });
    const bobs = await send(handler, lot, { type: 'PlaceBid', bidderId: bob, amount: 12_00 }, { at: NOW + 2 });
    await send(handler, lot, { type: 'CloseLot' }, { at: NOW + HOUR });
    const fixed = await openLot(fixture, { type: 'fixedPrice', multiSaleQuantity: 10 });
    const buy = await send(handler, fixed, { type: 'BuyItem', bidderId: alice, quantity: 3 }, { at: NOW + 3 });
    await runner.caughtUp();
    expect(await linesOf(bob)).toEqual([
      expect.objectContaining({ line_id: `lot:${lot}`, kind: 'lot', lot_id: lot, quantity: 1, amount: 12_00 }),
    ]);
    expect((await linesOf(alice)).filter((l) => l.kind === 'purchase')).toEqual([
      expect.objectContaining({
        line_id: `purchase:${buy.commandId}`,
        lot_id: fixed,
        quantity: 3,
        unit_price: 25_00,
        amount: 75_00,
      }),
    ]);

    // Bob's bid is removed after the close: Alice wins at her own bid, and her invoice says so.
    await send(
      handler,
      lot,
      { type: 'RemoveBid', sourceCommandId: bobs.commandId, reason: 'unpaid pledge' },
      { at: NOW + HOUR + 1, userId: null },
    );
    await runner.caughtUp();
    expect(await linesOf(bob)).toEqual([]);
    expect((await linesOf(alice)).filter((l) => l.kind === 'lot')).toEqual([
      expect.objectContaining({ line_id: `lot:${lot}`, lot_id: lot, amount: 10_00 }),
    ]);
  });

  it('has no line for a lot closed early or without bids', async () => {
    const { handler } = fixture;
    const alice = bidder();
    const early = await openLot(fixture);
    await send(handler, early, { type: 'PlaceBid', bidderId: alice, amount: 10_00 }, { at: NOW + 1 });
    await send(handler, early, { type: 'CloseLotEarly' }, { at: NOW + 2 });
    const empty = await openLot(fixture);
    await send(handler, empty, { type: 'CloseLot' }, { at: NOW + HOUR });
    await runner.caughtUp();
    const lines = await fixture.database.db
      .selectFrom('invoice_lines')
      .select('line_id')
      .where('lot_id', 'in', [early, empty])
      .execute();
    expect(lines).toEqual([]);
  });

  it('verifies against a replay, finds a tampered row, and rebuilds to exactly the live rows', async () => {
    await runner.caughtUp();
    const clean = await verifyReadModels({ pool: fixture.database.pool, db: fixture.database.db });
    expect(clean.mismatches).toEqual([]);
    expect(clean.donations).toBeGreaterThanOrEqual(3);

    const live = await tables();
    const { db } = fixture.database;
    const someDonation = live.donations[0]?.donation_id as string;
    await db.updateTable('donations').set({ amount: 1 }).where('donation_id', '=', someDonation).execute();
    const someLot = live.lines.find((l) => l.kind === 'lot')?.line_id as string;
    await db.deleteFrom('invoice_lines').where('line_id', '=', someLot).execute();
    const tampered = await verifyReadModels({ pool: fixture.database.pool, db });
    expect(tampered.mismatches.map((m) => m.field).sort()).toEqual(
      expect.arrayContaining(['donations', `invoice_lines[${someLot}]`]),
    );
    expect(tampered.mismatches.find((m) => m.field === 'donations')).toMatchObject({
      lotId: null,
      donationId: someDonation,
    });

    await rebuildProjections({ pool: fixture.database.pool, db });
    expect(await tables()).toEqual(live);
    expect((await verifyReadModels({ pool: fixture.database.pool, db })).mismatches).toEqual([]);
  });
});
