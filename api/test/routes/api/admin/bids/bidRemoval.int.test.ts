import { randomUUID } from 'node:crypto';
import { AuctionStatus, type bidRemoval, LotStatus } from '@auction/contract';
import { lotStreamId } from '@auction/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ConfirmedAccount, callAs, registerConfirmed } from '../../../../accounts/accountFlows.ts';
import { useDemoStaff } from '../../../../accounts/demoStaff.ts';
import { acceptedBid, closeLotPastItsEnd, openLot } from '../../../../fixtures/lots.ts';
import { otherOrganizationAuction } from '../../../../fixtures/otherOrganization.ts';
import { useTestApp } from '../../../../useTestApp.ts';

const test = useTestApp();
const staff = useDemoStaff(test, 'admin', 'manager');
let alice: ConfirmedAccount;
let bob: ConfirmedAccount;
let carol: ConfirmedAccount;
beforeAll(async () => {
  [alice, bob, carol] = await Promise.all([registerConfirmed(test), registerConfirmed(test), registerConfirmed(test)]);
});

const lotBids = (lotId: number, token = staff.admin) => callAs(test.app, token, 'GET', `/api/admin/lots/${lotId}/bids`);
const preview = (lotId: number, bidId: string, token = staff.admin) =>
  callAs(test.app, token, 'GET', `/api/admin/lots/${lotId}/bids/${encodeURIComponent(bidId)}/removal-preview`);
const remove = (lotId: number, bidId: string, body: Record<string, unknown>, token = staff.admin) =>
  callAs(test.app, token, 'POST', `/api/admin/lots/${lotId}/bids/${encodeURIComponent(bidId)}/remove`, body);
const eventCount = async (lotId: number) => (await test.app.eventStore.readStream(lotStreamId(lotId))).length;

/** Alice bids 15; Bob's max of 30 answers at 15 + 1 … then Carol's 20 is answered by Bob at 21. */
async function contestedLot(): Promise<{ lotId: number; bids: bidRemoval.LotBidsAnswer }> {
  const lotId = await openLot(test);
  await acceptedBid(test, lotId, alice, 15);
  await acceptedBid(test, lotId, bob, 30, true);
  await acceptedBid(test, lotId, carol, 20);
  const bids = await lotBids(lotId);
  expect(bids.statusCode, bids.body).toBe(200);
  return { lotId, bids: bids.json() };
}
const bobsBid = (bids: bidRemoval.LotBidsAnswer) =>
  bids.bids.find((b) => b.bidder.userId === bob.id && b.isAutoBid) as bidRemoval.RemovalBid;

describe('a bid’s removal with its preview', () => {
  it('previews the standing the removal produces, and confirming records exactly that', async () => {
    const { lotId, bids } = await contestedLot();
    expect(bids.standing).toMatchObject({ price: { value: 21 }, leader: { userId: bob.id } });
    expect(bids.bids.map((b) => [b.bidder.userId, b.amount.value, b.isAutoBid])).toEqual([
      [bob.id, 21, true],
      [carol.id, 20, false],
      [bob.id, 16, true],
      [alice.id, 15, false],
    ]);
    expect(bids.bids[0]?.bidder.name).toBe(`${bob.body.firstName} ${bob.body.lastName}`);

    const shown = await preview(lotId, bobsBid(bids).bidId);
    expect(shown.statusCode, shown.body).toBe(200);
    const answer: bidRemoval.RemovalPreviewAnswer = shown.json();
    expect(answer).toMatchObject({ streamVersion: bids.streamVersion, bidder: { userId: bob.id } });
    expect(answer.before).toEqual(bids.standing);
    expect(answer.after).toMatchObject({ price: { value: 20 }, leader: { userId: carol.id }, maxBids: [] });
    expect(answer.removedBids.map((b) => b.amount.value)).toEqual([21, 16]);
    expect(answer.after.dateCompleted).toBe(answer.before.dateCompleted);
    // A preview records nothing.
    expect(await eventCount(lotId)).toBe(bids.streamVersion);

    const commandId = randomUUID();
    const body = { reason: 'Enchère faite par erreur', expectedVersion: answer.streamVersion, commandId };
    const removed = await remove(lotId, bobsBid(bids).bidId, body);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ price: { value: 20 }, leaderUserId: carol.id, duplicate: false });
    const after = (await lotBids(lotId)).json() as bidRemoval.LotBidsAnswer;
    expect(after.standing).toEqual(answer.after);
    expect(after.streamVersion).toBe(answer.streamVersion + 1);

    // The same command again: its first answer, nothing appended, though the version moved.
    const retried = await remove(lotId, bobsBid(bids).bidId, body);
    expect(retried.json()).toMatchObject({ duplicate: true, price: { value: 20 } });
    expect(await eventCount(lotId)).toBe(after.streamVersion);
  });

  it('refuses a confirmation once the lot has moved since the preview, and changes nothing', async () => {
    const { lotId, bids } = await contestedLot();
    const shown = (await preview(lotId, bobsBid(bids).bidId)).json() as bidRemoval.RemovalPreviewAnswer;
    await acceptedBid(test, lotId, alice, 25);
    const version = await eventCount(lotId);

    const stale = await remove(lotId, bobsBid(bids).bidId, { reason: 'Erreur', expectedVersion: shown.streamVersion });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('bid_removal_preview_stale');
    expect(await eventCount(lotId)).toBe(version);
    expect((await lotBids(lotId)).json().standing).toMatchObject({ leader: { userId: bob.id } });
  });

  it('requires a reason', async () => {
    const { lotId, bids } = await contestedLot();
    for (const body of [{}, { reason: '   ' }]) {
      const refused = await remove(lotId, bobsBid(bids).bidId, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().messages).toEqual(['bid_removal_reason_required']);
    }
    expect(await eventCount(lotId)).toBe(bids.streamVersion);
  });

  it('after the close, re-decides the winner; once invoiced, refuses with lot_invoiced', async () => {
    const { lotId, bids } = await contestedLot();
    await closeLotPastItsEnd(test, lotId);

    const shown = (await preview(lotId, bobsBid(bids).bidId)).json() as bidRemoval.RemovalPreviewAnswer;
    expect(shown.before).toMatchObject({ status: LotStatus.ClosedWon, winner: { userId: bob.id } });
    expect(shown.after).toMatchObject({
      status: LotStatus.ClosedWon,
      winner: { userId: carol.id },
      price: { value: 20 },
    });
    const removed = await remove(lotId, bobsBid(bids).bidId, {
      reason: 'Fraude',
      expectedVersion: shown.streamVersion,
    });
    expect(removed.json()).toMatchObject({ status: LotStatus.ClosedWon, winnerUserId: carol.id });

    const carolsBid = bids.bids.find((b) => b.bidder.userId === carol.id) as bidRemoval.RemovalBid;
    await test.database.db
      .updateTable('auctions')
      .set({ status: AuctionStatus.InvoiceGenerated })
      .where('id', '=', test.galaId)
      .execute();
    try {
      expect((await lotBids(lotId)).json().invoiced).toBe(true);
      for (const refused of [
        await preview(lotId, carolsBid.bidId),
        await remove(lotId, carolsBid.bidId, { reason: 'Trop tard' }),
      ]) {
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe('lot_invoiced');
      }
    } finally {
      await test.database.db
        .updateTable('auctions')
        .set({ status: AuctionStatus.Active })
        .where('id', '=', test.galaId)
        .execute();
    }
  });

  it('is the operators’ only: another organisation’s lot is not found, a bidder is refused', async () => {
    const { lotId, bids } = await contestedLot();
    const bidId = bobsBid(bids).bidId;
    // The demo's auction manager manages the gala's organisation.
    expect((await preview(lotId, bidId, staff.manager)).statusCode).toBe(200);

    const elsewhere = await openLot(test, { auction_id: await otherOrganizationAuction(test.app, staff.admin) });
    for (const refused of [
      await lotBids(elsewhere, staff.manager),
      await preview(elsewhere, bidId, staff.manager),
      await remove(elsewhere, bidId, { reason: 'Erreur' }, staff.manager),
    ]) {
      expect(refused.statusCode).toBe(404);
    }

    for (const refused of [
      await lotBids(lotId, alice.token),
      await preview(lotId, bidId, alice.token),
      await remove(lotId, bidId, { reason: 'Erreur' }, alice.token),
    ]) {
      expect(refused.statusCode).toBe(403);
    }
    expect((await preview(lotId, 'nobody#0')).json().message).toBe('bid_not_found');
    expect(await eventCount(lotId)).toBe(bids.streamVersion);
  });
});
