import { randomUUID } from 'node:crypto';
import { AuctionStatus, type LiveLot, type LiveSaleAnswer, LotStatus, LotType } from '@auction/contract';
import { lotStreamId } from '@auction/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ConfirmedAccount, callAs, registerConfirmed } from '../../../../accounts/accountFlows.ts';
import { useDemoStaff } from '../../../../accounts/demoStaff.ts';
import { openLot } from '../../../../fixtures/lots.ts';
import { useTestApp } from '../../../../useTestApp.ts';

const test = useTestApp();
const staff = useDemoStaff(test, 'manager', 'volunteer');
let alice: ConfirmedAccount;
let bob: ConfirmedAccount;
beforeAll(async () => {
  [alice, bob] = await Promise.all([registerConfirmed(test), registerConfirmed(test)]);
  await test.database.db
    .insertInto('auction_bidders')
    .values([alice, bob].map((b) => ({ auction_id: test.galaId, user_id: b.id, status: 2 })))
    .execute();
});

const liveLot = () => openLot(test, { type: LotType.Live });
const sell = (lotId: number, body: Record<string, unknown>, token = staff.manager) =>
  callAs(test.app, token, 'POST', `/api/admin/lots/${lotId}/live-sale`, body);
const liveLots = (token = staff.manager) =>
  callAs(test.app, token, 'GET', `/api/admin/auctions/${test.galaId}/live-lots`);
const eventCount = async (lotId: number) => (await test.app.eventStore.readStream(lotStreamId(lotId))).length;
const setGalaStatus = (status: number) =>
  test.database.db.updateTable('auctions').set({ status }).where('id', '=', test.galaId).execute();

describe('a live lot sold on stage', () => {
  it('closes the lot won by the chosen bidder at the hammer price, once', async () => {
    const lotId = await liveLot();
    await test.projections.caughtUp();
    const listed = await liveLots();
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json() as LiveLot[]).find((l) => l.auctionLotItemId === lotId)).toMatchObject({
      status: LotStatus.InProgress,
      winner: null,
      soldOnStage: false,
    });

    const commandId = randomUUID();
    const sold = await sell(lotId, { bidderId: bob.id, amount: '1,250.50', commandId });
    expect(sold.statusCode, sold.body).toBe(200);
    const answer: LiveSaleAnswer = sold.json();
    expect(answer).toMatchObject({
      duplicate: false,
      lot: {
        auctionLotItemId: lotId,
        status: LotStatus.ClosedWon,
        price: { value: 1250.5 },
        soldOnStage: true,
        winner: { userId: bob.id, name: `${bob.body.firstName} ${bob.body.lastName}` },
      },
    });
    const appended = await eventCount(lotId);

    const retried = await sell(lotId, { bidderId: bob.id, amount: '1,250.50', commandId });
    expect(retried.json()).toMatchObject({ duplicate: true, lot: { price: { value: 1250.5 } } });
    expect(await eventCount(lotId)).toBe(appended);

    const again = await sell(lotId, { bidderId: alice.id, amount: 2000, commandId: randomUUID() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('lot_already_sold');

    // The lot, as bidders and the leaderboard read it, shows the sale once the projections caught up.
    await test.projections.caughtUp();
    const lot = await test.app.inject({ method: 'GET', url: `/api/auction-lot-items/${lotId}` });
    expect(lot.json()).toMatchObject({ status: LotStatus.ClosedWon, winnerUserId: bob.id });
    const listedAfter = (await liveLots()).json() as LiveLot[];
    expect(listedAfter.find((l) => l.auctionLotItemId === lotId)).toMatchObject({
      price: { value: 1250.5 },
      soldOnStage: true,
      winner: { userId: bob.id },
    });
  });

  it('refuses a lot that is not live, a bidder not of the auction and a bad amount, recording nothing', async () => {
    const silent = await openLot(test);
    const notLive = await sell(silent, { bidderId: bob.id, amount: 100 });
    expect([notLive.statusCode, notLive.json().message]).toEqual([409, 'lot_not_live']);

    const lotId = await liveLot();
    const before = await eventCount(lotId);
    const stranger = await sell(lotId, { bidderId: randomUUID(), amount: 100 });
    expect([stranger.statusCode, stranger.json().message]).toEqual([404, 'bidder_not_found']);
    for (const amount of ['abc', 0, -5, '10.555', '']) {
      const bad = await sell(lotId, { bidderId: bob.id, amount });
      expect([bad.statusCode, bad.json().message], String(amount)).toEqual([400, 'invalid_amount']);
    }
    const malformed = await sell(lotId, { bidderId: 'paddle-12', amount: 100 });
    expect(malformed.statusCode).toBe(400);
    expect(await eventCount(lotId)).toBe(before);
  });

  it('is refused before the evening and once the invoices exist', async () => {
    const lotId = await liveLot();
    const before = await eventCount(lotId);
    try {
      await setGalaStatus(AuctionStatus.PreOpen);
      const early = await sell(lotId, { bidderId: bob.id, amount: 100 });
      expect([early.statusCode, early.json().message]).toEqual([409, 'auctionNotActive']);
      await setGalaStatus(AuctionStatus.InvoiceGenerated);
      const late = await sell(lotId, { bidderId: bob.id, amount: 100 });
      expect([late.statusCode, late.json().message]).toEqual([409, 'lot_invoiced']);
      // The evening over but not yet invoiced: the stage's last sales are still recorded.
      await setGalaStatus(AuctionStatus.Completed);
      const after = await sell(lotId, { bidderId: bob.id, amount: 100 });
      expect(after.statusCode, after.body).toBe(200);
    } finally {
      await setGalaStatus(AuctionStatus.Active);
    }
    expect(await eventCount(lotId)).toBe(before + 2);
  });

  it('is for the organisation’s operators only', async () => {
    const lotId = await liveLot();
    for (const token of [staff.volunteer, bob.token]) {
      expect((await sell(lotId, { bidderId: bob.id, amount: 100 }, token)).statusCode).toBe(403);
      expect((await liveLots(token)).statusCode).toBe(403);
    }
    expect(await eventCount(lotId)).toBe(1);
  });
});

describe('a stage sale corrected', () => {
  const correct = (lotId: number, body: Record<string, unknown>, token = staff.manager) =>
    callAs(test.app, token, 'POST', `/api/admin/lots/${lotId}/live-sale/correction`, body);
  const soldLot = async (amount = 250) => {
    const lotId = await liveLot();
    const sold = await sell(lotId, { bidderId: bob.id, amount, commandId: randomUUID() });
    expect(sold.statusCode, sold.body).toBe(200);
    return lotId;
  };
  const wonLineOf = (lotId: number) =>
    test.database.db
      .selectFrom('invoice_lines')
      .select(['bidder_id', 'amount'])
      .where('line_id', '=', `lot:${lotId}`)
      .execute();

  it('gives the lot to the bidder really called, once, keeping the sale it replaces and why in the stream', async () => {
    const lotId = await soldLot();
    const commandId = randomUUID();
    const body = { bidderId: alice.id, amount: '250', reason: 'Paddle 12 misread as 21', commandId };
    const corrected = await correct(lotId, body);
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({
      duplicate: false,
      lot: { status: LotStatus.ClosedWon, price: { value: 250 }, soldOnStage: true, corrected: true },
    });
    expect(corrected.json().lot.winner).toMatchObject({
      userId: alice.id,
      name: `${alice.body.firstName} ${alice.body.lastName}`,
    });
    const stream = await test.app.eventStore.readStream(lotStreamId(lotId));
    expect(stream.at(-1)).toMatchObject({
      type: 'LiveSaleCorrected',
      data: {
        bidderId: alice.id,
        price: 250_00,
        previousBidderId: bob.id,
        previousPrice: 250_00,
        reason: 'Paddle 12 misread as 21',
      },
    });

    // A retry answers the first correction and appends nothing.
    const retried = await correct(lotId, body);
    expect(retried.json()).toMatchObject({ duplicate: true, lot: { winner: { userId: alice.id } } });
    expect(await eventCount(lotId)).toBe(stream.length);

    // The lot, the stage list and the won lot's invoice line follow the corrected winner.
    await test.projections.caughtUp();
    const lot = await test.app.inject({ method: 'GET', url: `/api/auction-lot-items/${lotId}` });
    expect(lot.json()).toMatchObject({ status: LotStatus.ClosedWon, winnerUserId: alice.id });
    expect(((await liveLots()).json() as LiveLot[]).find((l) => l.auctionLotItemId === lotId)).toMatchObject({
      winner: { userId: alice.id },
      corrected: true,
    });
    expect(await wonLineOf(lotId)).toEqual([{ bidder_id: alice.id, amount: 25000 }]);
  });

  it('corrects a mistyped hammer price for the same winner', async () => {
    const lotId = await soldLot(25);
    const corrected = await correct(lotId, {
      bidderId: bob.id,
      amount: '250.00',
      reason: 'Typo',
      commandId: randomUUID(),
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().lot).toMatchObject({ price: { value: 250 }, winner: { userId: bob.id }, corrected: true });
    await test.projections.caughtUp();
    expect(await wonLineOf(lotId)).toEqual([{ bidder_id: bob.id, amount: 25000 }]);
  });

  it('refuses, appending nothing: not sold on stage, unchanged, no reason, a stranger, a bad amount', async () => {
    const notSold = await liveLot();
    const refusedNotSold = await correct(notSold, {
      bidderId: alice.id,
      amount: 100,
      reason: 'x',
      commandId: randomUUID(),
    });
    expect([refusedNotSold.statusCode, refusedNotSold.json().message]).toEqual([409, 'lot_not_sold_on_stage']);
    expect(await eventCount(notSold)).toBe(1);

    const lotId = await soldLot(100);
    const before = await eventCount(lotId);
    const same = await correct(lotId, { bidderId: bob.id, amount: '100', reason: 'x', commandId: randomUUID() });
    expect([same.statusCode, same.json().message]).toEqual([409, 'live_sale_unchanged']);
    for (const reason of [undefined, '', '   ']) {
      const noReason = await correct(lotId, { bidderId: alice.id, amount: 100, reason, commandId: randomUUID() });
      expect([noReason.statusCode, noReason.json().messages]).toEqual([400, ['live_sale_correction_reason_required']]);
    }
    const stranger = await correct(lotId, {
      bidderId: randomUUID(),
      amount: 100,
      reason: 'x',
      commandId: randomUUID(),
    });
    expect([stranger.statusCode, stranger.json().message]).toEqual([404, 'bidder_not_found']);
    for (const amount of ['abc', 0, -5]) {
      const bad = await correct(lotId, { bidderId: alice.id, amount, reason: 'x', commandId: randomUUID() });
      expect([bad.statusCode, bad.json().message], String(amount)).toEqual([400, 'invalid_amount']);
    }
    expect(await eventCount(lotId)).toBe(before);
  });

  it('is refused once the invoices exist, and for anyone but the organisation’s operators', async () => {
    const lotId = await soldLot(100);
    const before = await eventCount(lotId);
    const body = () => ({ bidderId: alice.id, amount: 100, reason: 'Paddle misread', commandId: randomUUID() });
    try {
      await setGalaStatus(AuctionStatus.InvoiceGenerated);
      const late = await correct(lotId, body());
      expect([late.statusCode, late.json().message]).toEqual([409, 'lot_invoiced']);
    } finally {
      await setGalaStatus(AuctionStatus.Active);
    }
    for (const token of [staff.volunteer, bob.token, alice.token]) {
      expect((await correct(lotId, body(), token)).statusCode).toBe(403);
    }
    expect(await eventCount(lotId)).toBe(before);
  });
});
