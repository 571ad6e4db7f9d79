import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bearer, callAs, login, registerConfirmed } from '../../../accounts/accountFlows.ts';
import { withGalaStatus } from '../../../fixtures/galaStatus.ts';
import { openLot as openGalaLot } from '../../../fixtures/lots.ts';
import { useTestApp } from '../../../useTestApp.ts';

const test = useTestApp();

/** A fresh lot of the gala, opened in the engine (by another handler, as another process would), ending in an hour. */
function openLot(overrides: { type?: number; startingBid?: number | null; multiSalePrice?: number | null } = {}) {
  return openGalaLot(test, {
    type: overrides.type ?? 1,
    starting_bid: overrides.startingBid === undefined ? 1000 : overrides.startingBid,
    multi_sale_price: overrides.multiSalePrice ?? null,
    multi_sale_quantity: overrides.type === 3 ? 3 : null,
    max_per_bidder: overrides.type === 3 ? 2 : null,
  });
}

function bid(token: string, lotId: number, body: Record<string, unknown>) {
  return callAs(test.app, token, 'POST', `/api/bids/auctionlotitem/${lotId}/bid`, {
    auctionLotItem_Id: lotId,
    ...body,
  });
}

/** The lot's BidPlaced events, read from the store. */
const bidsPlacedOn = (lotId: number) =>
  test.database.db
    .selectFrom('events')
    .select('type')
    .where('stream_id', '=', `lot-${lotId}`)
    .where('type', '=', 'BidPlaced')
    .execute();

describe('bidding over HTTP', () => {
  it('places bids through the engine and answers the committed standing', async () => {
    const lotId = await openLot();
    const alice = await registerConfirmed(test);
    const bob = await registerConfirmed(test);
    const first = await bid(alice.token, lotId, { amount: 10 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'bid_successful',
      standing: { price: { value: 10, currencyCode: 'CAD' }, leaderUserId: alice.id, isWinning: true, bidCount: 1 },
    });
    const low = await bid(bob.token, lotId, { amount: '10.50' });
    expect(low.statusCode).toBe(409);
    expect(low.json().message).toBe('bid_too_low');
    const second = await bid(bob.token, lotId, { amount: '12.00' });
    expect(second.json().standing).toMatchObject({ price: { value: 12 }, leaderUserId: bob.id, isWinning: true });
  });

  it('runs the spec example: a max answers a manual bid automatically', async () => {
    const lotId = await openLot();
    const alice = await registerConfirmed(test);
    const bob = await registerConfirmed(test);
    const max = await bid(alice.token, lotId, { amount: 50, isMax: true });
    expect(max.json().standing).toMatchObject({ price: { value: 10 }, leaderUserId: alice.id, maxBid: { value: 50 } });
    const manual = await bid(bob.token, lotId, { amount: 20 });
    expect(manual.statusCode).toBe(200);
    expect(manual.json().standing).toMatchObject({ price: { value: 21 }, leaderUserId: alice.id, isWinning: false });
    const raise = await callAs(
      test.app,
      alice.token,
      'PATCH',
      `/api/bids/modify-max-bid?amount=60&auctionLotItemId=${lotId}&userId=${alice.id}`,
    );
    expect(raise.json()).toMatchObject({ message: 'maxBidEditSuccess', standing: { maxBid: { value: 60 } } });
    const removed = await callAs(
      test.app,
      alice.token,
      'DELETE',
      `/api/bids/delete-max-bid?auctionLotItemId=${lotId}&userId=${alice.id}`,
    );
    expect(removed.json()).toMatchObject({ message: 'maxBidDeleteSuccess', standing: { maxBid: null } });
    const someoneElse = await callAs(
      test.app,
      bob.token,
      'DELETE',
      `/api/bids/delete-max-bid?auctionLotItemId=${lotId}&userId=${alice.id}`,
    );
    expect(someoneElse.statusCode).toBe(403);
  });

  it('is idempotent by command id: a retry answers the first outcome and appends nothing', async () => {
    const lotId = await openLot();
    const alice = await registerConfirmed(test);
    const commandId = randomUUID();
    const first = await bid(alice.token, lotId, { amount: 15, commandId });
    const retry = await bid(alice.token, lotId, { amount: 15, commandId });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().standing.bidCount).toBe(first.json().standing.bidCount);
    expect(await bidsPlacedOn(lotId)).toHaveLength(1);
    // The same bid sent twice under one Idempotency-Key header is placed once.
    const header = randomUUID();
    const keyed = () =>
      test.app.inject({
        method: 'POST',
        url: `/api/bids/auctionlotitem/${lotId}/bid`,
        headers: { ...bearer(alice.token), 'idempotency-key': header },
        payload: { amount: 20 },
      });
    await keyed();
    await keyed();
    expect(await bidsPlacedOn(lotId)).toHaveLength(2);
  });

  it('buys fixed-price quantities within the per-bidder maximum', async () => {
    const lotId = await openLot({ type: 3, startingBid: null, multiSalePrice: 2500 });
    const alice = await registerConfirmed(test);
    const bought = await callAs(test.app, alice.token, 'POST', `/api/bids/auctionlotitem/${lotId}/buy`, {
      quantity: 2,
      amount: 25,
    });
    expect(bought.json()).toMatchObject({
      message: 'buy_successful',
      standing: { soldQuantity: 2, remainingQuantity: 1 },
    });
    const tooMany = await callAs(test.app, alice.token, 'POST', `/api/bids/auctionlotitem/${lotId}/buy`, {
      quantity: 1,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('invalid_quantity');
  });

  it('refuses who may not bid: anonymous, volunteer-only, locked', async () => {
    const lotId = await openLot();
    const anonymous = await test.app.inject({
      method: 'POST',
      url: `/api/bids/auctionlotitem/${lotId}/bid`,
      payload: { amount: 10 },
    });
    expect(anonymous.statusCode).toBe(401);
    const volunteer = await login(test.app, 'volunteer@demo.local', 'Demo-Volunteer-2026!');
    const refused = await bid(volunteer.body.token, lotId, { amount: 10 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('volunteers_cannot_bid');
    const locked = await registerConfirmed(test);
    await test.database.db
      .insertInto('auction_bidders')
      .values({ auction_id: test.galaId, user_id: locked.id, status: 3 })
      .execute();
    const lockedBid = await bid(locked.token, lotId, { amount: 10 });
    expect(lockedBid.statusCode).toBe(403);
    expect(lockedBid.json().message).toBe('bidder_locked');
  });

  it('checks the account in the bid path own query: stale token, disabled account, acting for another bidder', async () => {
    const lotId = await openLot();
    const { db } = test.database;
    const stale = await registerConfirmed(test);
    await db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', stale.id)
      .execute();
    const staleBid = await bid(stale.token, lotId, { amount: 10 });
    expect(staleBid.statusCode).toBe(401);
    expect(staleBid.json().message).toBe('invalid_token');
    // The account is checked before the lot: an unknown lot does not tell a stale token anything.
    expect((await bid(stale.token, 987654, { amount: 10 })).statusCode).toBe(401);

    const disabled = await registerConfirmed(test);
    await db.updateTable('users').set({ disabled: true }).where('id', '=', disabled.id).execute();
    const disabledBid = await bid(disabled.token, lotId, { amount: 10 });
    expect(disabledBid.statusCode).toBe(403);
    expect(disabledBid.json().message).toBe('user_disabled');

    const carol = await registerConfirmed(test);
    expect((await bid(carol.token, lotId, { amount: 30, isMax: true })).statusCode).toBe(200);
    const admin = await login(test.app, 'admin@demo.local', 'Demo-Admin-2026!');
    const raisedForCarol = await callAs(
      test.app,
      admin.body.token,
      'PATCH',
      `/api/bids/modify-max-bid?amount=40&auctionLotItemId=${lotId}&userId=${carol.id}`,
    );
    expect(raisedForCarol.statusCode).toBe(200);
    expect(raisedForCarol.json().standing).toMatchObject({ leaderUserId: carol.id, maxBid: { value: 40 } });
    const unknownBidder = await callAs(
      test.app,
      admin.body.token,
      'PATCH',
      `/api/bids/modify-max-bid?amount=40&auctionLotItemId=${lotId}&userId=${randomUUID()}`,
    );
    expect(unknownBidder.statusCode).toBe(404);
  });

  it('lets the engine refuse what the lot forbids: not active, no price, bad amounts', async () => {
    const alice = await registerConfirmed(test);
    const noPrice = await openLot({ startingBid: null });
    expect((await bid(alice.token, noPrice, { amount: 10 })).json().message).toBe('item_no_price');
    const lotId = await openLot();
    for (const amount of [-5, 0, '12.345', 'abc']) {
      const response = await bid(alice.token, lotId, { amount });
      expect(response.statusCode, String(amount)).toBe(400);
      expect(response.json().messages).toEqual(['invalid_amount']);
    }
    const closed = await withGalaStatus(test, 4, () => bid(alice.token, lotId, { amount: 10 }));
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('auctionNotActive');
    const missing = await bid(alice.token, 987654, { amount: 10 });
    expect(missing.statusCode).toBe(404);
  });
});

describe('amounts a bidder gives', () => {
  const refusedAs = async (response: { statusCode: number; json(): { messages?: string[] } }, key: string) => {
    expect(response.statusCode).toBe(400);
    expect(response.json().messages).toEqual([key]);
  };

  it('caps every amount at 10,000,000.00, so a price plus its increment stays a safe integer', async () => {
    const lotId = await openLot();
    const alice = await registerConfirmed(test);
    const bob = await registerConfirmed(test);
    // The bid that froze a lot: just under 2^53 cents, after which no next bid was a safe integer.
    await refusedAs(await bid(alice.token, lotId, { amount: 90071992547409.91 }), 'invalid_amount');
    await refusedAs(await bid(alice.token, lotId, { amount: '10000000.01', isMax: true }), 'invalid_amount');
    await refusedAs(
      await callAs(
        test.app,
        alice.token,
        'PATCH',
        `/api/bids/modify-max-bid?amount=10000001&auctionLotItemId=${lotId}&userId=${alice.id}`,
      ),
      'invalid_amount',
    );
    expect(await bidsPlacedOn(lotId)).toHaveLength(0);
    // At the ceiling itself the bid stands, and the lot is still open to a max at the ceiling.
    const atCeiling = await bid(alice.token, lotId, { amount: '10,000,000.00' });
    expect(atCeiling.statusCode, atCeiling.body).toBe(200);
    expect(atCeiling.json().standing.price).toMatchObject({ value: 10_000_000 });
    expect((await bid(bob.token, lotId, { amount: 10_000_000, isMax: true })).json().message).toBe('max_bid_too_low');
  });

  it('reads a comma only as a thousands separator and never guesses a decimal comma', async () => {
    const lotId = await openLot();
    const alice = await registerConfirmed(test);
    for (const amount of ['12,50', '1,2,3', '1,25', '12,500,0', ',100', '1,000,']) {
      await refusedAs(await bid(alice.token, lotId, { amount }), 'invalid_amount');
    }
    expect(await bidsPlacedOn(lotId)).toHaveLength(0);
    const grouped = await bid(alice.token, lotId, { amount: '1,250.50' });
    expect(grouped.json().standing.price).toMatchObject({ value: 1250.5 });
  });

  it("refuses an amount given in another currency than the auction's instead of reading it as CAD", async () => {
    const lotId = await openLot();
    const alice = await registerConfirmed(test);
    await refusedAs(await bid(alice.token, lotId, { amount: { value: 100, currencyCode: 'USD' } }), 'invalid_currency');
    await refusedAs(
      await bid(alice.token, lotId, { amount: { value: 100, currencyCode: 'USD' }, isMax: true }),
      'invalid_currency',
    );
    expect(await bidsPlacedOn(lotId)).toHaveLength(0);
    const inCad = await bid(alice.token, lotId, { amount: { value: 100, currencyCode: 'CAD' } });
    expect(inCad.json().standing.price).toMatchObject({ value: 100 });
  });
});
