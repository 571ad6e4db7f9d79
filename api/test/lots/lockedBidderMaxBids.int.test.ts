import { randomUUID } from 'node:crypto';
import { lotStreamId } from '@auction/engine';
import { describe, expect, it, vi } from 'vitest';
import { callAs, registerConfirmed } from '../accounts/accountFlows.ts';
import { useDemoStaff } from '../accounts/demoStaff.ts';
import { acceptedBid, openLot } from '../fixtures/lots.ts';
import { useTestApp } from '../useTestApp.ts';

const test = useTestApp();
const staff = useDemoStaff(test, 'manager');

const lockAs = (token: string, userId: string, commandId: string) =>
  callAs(test.app, token, 'PUT', `/api/auctions/${test.galaId}/bidders/${userId}/status`, { status: 3, commandId });

const withdrawOwnMax = (who: { token: string; id: string }, lotId: number) =>
  callAs(test.app, who.token, 'DELETE', `/api/bids/delete-max-bid?auctionLotItemId=${lotId}&userId=${who.id}`);

/** The lot's events after the opening, as the auditors read them. */
const eventsOf = (lotId: number) =>
  test.database.db
    .selectFrom('events')
    .select(['type', 'data', 'meta'])
    .where('stream_id', '=', lotStreamId(lotId))
    .where('type', '!=', 'LotOpened')
    .orderBy('stream_version')
    .execute();

describe("a locked bidder's maximum bids", () => {
  it('are withdrawn by the lock, in the stream and by the operator, so they answer no other bid', async () => {
    const [lotId, other] = [await openLot(test), await openLot(test)];
    const alice = await registerConfirmed(test);
    const bob = await registerConfirmed(test);
    await acceptedBid(test, lotId, alice, 50, true);
    await acceptedBid(test, other, alice, 40, true);
    const commandId = randomUUID();
    const locked = await lockAs(staff.manager, alice.id, commandId);
    expect(locked.statusCode, locked.body).toBe(200);

    // Without the withdrawal alice's max would answer at 21 and keep the lead.
    const answer = await acceptedBid(test, lotId, bob, 20);
    expect(answer.json().standing).toMatchObject({ leaderUserId: bob.id, price: { value: 20 } });
    const withdrawal = (await eventsOf(lotId)).find((event) => event.type === 'MaxBidDeleted');
    expect(withdrawal?.data).toEqual({ bidderId: alice.id });
    expect(withdrawal?.meta).toMatchObject({ userId: expect.not.stringMatching(alice.id) });
    expect((await eventsOf(other)).map((event) => event.type)).toContain('MaxBidDeleted');

    // The same lock again (a retry, or another click) withdraws nothing more.
    const before = (await eventsOf(lotId)).length + (await eventsOf(other)).length;
    expect((await lockAs(staff.manager, alice.id, commandId)).statusCode).toBe(200);
    expect((await lockAs(staff.manager, alice.id, randomUUID())).statusCode).toBe(200);
    expect((await eventsOf(lotId)).length + (await eventsOf(other)).length).toBe(before);
  });

  it('placed at the instant of the lock (checked before it, appended after it) are withdrawn by the bid itself', async () => {
    const lotId = await openLot(test);
    const erin = await registerConfirmed(test);
    const frank = await registerConfirmed(test);
    const { lotCommands } = test.app;
    const handle = lotCommands.handle.bind(lotCommands);
    // Erin's bid has passed its checks; the operator's lock lands before her max is appended, and
    // reads a stream where she holds no max yet.
    const between = vi.spyOn(lotCommands, 'handle').mockImplementationOnce(async (...args) => {
      const locked = await lockAs(staff.manager, erin.id, randomUUID());
      expect(locked.statusCode, locked.body).toBe(200);
      return handle(...args);
    });
    try {
      const placed = await acceptedBid(test, lotId, erin, 50, true);
      // Recorded, so answered; the answer's standing is after the withdrawal.
      expect(placed.json().standing).toMatchObject({ maxBid: null, leaderUserId: erin.id });
    } finally {
      between.mockRestore();
    }

    // Without the bid's own withdrawal erin's max would answer at 21 and keep the lead.
    const answer = await acceptedBid(test, lotId, frank, 20);
    expect(answer.json().standing).toMatchObject({ leaderUserId: frank.id, price: { value: 20 } });
    const manager = await test.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'manager@demo.local')
      .executeTakeFirstOrThrow();
    const withdrawal = (await eventsOf(lotId)).find((event) => event.type === 'MaxBidDeleted');
    expect(withdrawal?.data).toEqual({ bidderId: erin.id });
    // Written under the operator who locked, as the lock's own withdrawals are.
    expect(withdrawal?.meta).toMatchObject({ userId: manager.id });
  });

  it('may be withdrawn by their bidder who lost permission to bid (locked, or a card now required)', async () => {
    const lotId = await openLot(test);
    const carol = await registerConfirmed(test);
    const dave = await registerConfirmed(test);
    await acceptedBid(test, lotId, carol, 30, true);
    // Locked without the operator's route (as before the lock withdrew): carol's max still stands.
    await test.database.db
      .insertInto('auction_bidders')
      .values({ auction_id: test.galaId, user_id: carol.id, status: 3 })
      .execute();
    const lockedBid = await callAs(test.app, carol.token, 'POST', `/api/bids/auctionlotitem/${lotId}/bid`, {
      amount: 60,
    });
    expect([lockedBid.statusCode, lockedBid.json().message]).toEqual([403, 'bidder_locked']);
    const carolWithdraws = await withdrawOwnMax(carol, lotId);
    expect(carolWithdraws.statusCode, carolWithdraws.body).toBe(200);
    expect(carolWithdraws.json()).toMatchObject({ message: 'maxBidDeleteSuccess', standing: { maxBid: null } });

    const second = await openLot(test);
    await acceptedBid(test, second, dave, 30, true);
    const { db } = test.database;
    await db.updateTable('auctions').set({ require_cc_to_bid: true }).where('id', '=', test.galaId).execute();
    try {
      const raise = await callAs(
        test.app,
        dave.token,
        'PATCH',
        `/api/bids/modify-max-bid?amount=40&auctionLotItemId=${second}&userId=${dave.id}`,
      );
      expect([raise.statusCode, raise.json().message]).toEqual([403, 'requiresCreateCreditCard']);
      const daveWithdraws = await withdrawOwnMax(dave, second);
      expect(daveWithdraws.statusCode, daveWithdraws.body).toBe(200);
      expect(daveWithdraws.json().standing.maxBid).toBeNull();
    } finally {
      await db.updateTable('auctions').set({ require_cc_to_bid: false }).where('id', '=', test.galaId).execute();
    }
  });
});
