import { randomUUID } from 'node:crypto';
import type { auditReplay } from '@auction/contract';
import { type AuditExport, verifyExport } from '@auction/engine/audit';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ConfirmedAccount, callAs, login, registerConfirmed } from '../../../accounts/accountFlows.ts';
import { useDemoStaff } from '../../../accounts/demoStaff.ts';
import { memberWith, removeBidOf } from '../../../fixtures/audit.ts';
import { demoOrganizationId } from '../../../fixtures/demoOrganizationAuction.ts';
import { acceptedBid, openLot } from '../../../fixtures/lots.ts';
import { otherOrganization } from '../../../fixtures/otherOrganization.ts';
import { useTestApp } from '../../../useTestApp.ts';

const test = useTestApp();
const staff = useDemoStaff(test, 'admin', 'manager');
let auditor: ConfirmedAccount;
let otherManager: ConfirmedAccount;
let alice: ConfirmedAccount;
let bob: ConfirmedAccount;

beforeAll(async () => {
  const { db } = test.database;
  const gala = { organization_id: await demoOrganizationId(db) };
  const other = await otherOrganization(db, `Autre ${randomUUID()}`);
  [auditor, otherManager, alice, bob] = await Promise.all([
    memberWith(test, [5], gala.organization_id),
    memberWith(test, [2], other),
    registerConfirmed(test),
    registerConfirmed(test),
  ]);
});

const get = (token: string, url: string) => callAs(test.app, token, 'GET', url);

/** Alice bids 15, Bob's max of 30 answers at 16, then an administrator removes Bob's bid. */
async function lotWithRemoval(): Promise<number> {
  const lotId = await openLot(test);
  await acceptedBid(test, lotId, alice, 15);
  await acceptedBid(test, lotId, bob, 30, true);
  await removeBidOf(test, staff.admin, lotId, bob.id, 'Enchère de complaisance');
  return lotId;
}

describe("the auditor's replay", () => {
  it("steps an auditor through a lot's commands, with who, the standing after each, and the removal", async () => {
    const lotId = await lotWithRemoval();
    const answer = await get(auditor.token, `/api/audit/lots/${lotId}/replay`);
    expect(answer.statusCode, answer.body).toBe(200);
    const replay: auditReplay.LotReplay = answer.json();
    expect(replay.steps.map((s) => s.command)).toEqual(['OpenLot', 'PlaceBid', 'PlaceMaxBid', 'RemoveBid']);
    const [, aliceBid, bobMax, removal] = replay.steps;
    expect(aliceBid?.actor?.name).toBe(`${alice.body.firstName} ${alice.body.lastName}`);
    expect(aliceBid?.standing).toMatchObject({ price: { value: 15 }, leader: { userId: alice.id } });
    expect(bobMax?.events.map((e) => e.type)).toEqual(['MaxBidPlaced', 'BidPlaced']);
    expect(bobMax?.standing).toMatchObject({ price: { value: 16 }, leader: { userId: bob.id } });
    expect(bobMax?.standing.maxBids.map((m) => [m.bidder.userId, m.amount.value])).toEqual([[bob.id, 30]]);
    expect(removal?.removal).toMatchObject({
      reason: 'Enchère de complaisance',
      bidder: { userId: bob.id },
      removedBy: { email: 'admin@demo.local' },
      before: { price: { value: 16 }, leader: { userId: bob.id } },
      after: { price: { value: 15 }, leader: { userId: alice.id } },
    });
    // Every event of the stream is shown, with the hash the verdict holds it to.
    expect(replay.steps.flatMap((s) => s.events.map((e) => e.version))).toEqual([1, 2, 3, 4, 5]);
    expect(replay.verification).toMatchObject({ status: 'verified', eventCount: 5, problem: null });
    expect(replay.verification.headHash).toBe(removal?.events[0]?.hash);
  });

  it('reports the first event edited in the database behind the store', async () => {
    const lotId = await lotWithRemoval();
    const { pool } = test.database;
    const where = `WHERE stream_id = 'lot-${lotId}' AND stream_version = 4`;
    const { rows } = await pool.query(`SELECT data FROM events ${where}`);
    await pool.query(`UPDATE events SET data = jsonb_set(data, '{amount}', '1500') ${where}`);
    try {
      const replay: auditReplay.LotReplay = (await get(auditor.token, `/api/audit/lots/${lotId}/replay`)).json();
      expect(replay.verification).toMatchObject({ status: 'broken', problem: { kind: 'edited', streamVersion: 4 } });
    } finally {
      // The gala's other tests export its whole log.
      await pool.query(`UPDATE events SET data = $1 ${where}`, [rows[0].data]);
    }
  });

  it("lists an auditor's auctions and their lots, and exports an auction verifiable offline", async () => {
    const lotId = await lotWithRemoval();
    const auctions: auditReplay.AuditAuction[] = (await get(auditor.token, '/api/audit/auctions')).json();
    expect(auctions.map((a) => a.id)).toContain(test.galaId);
    expect((await get(otherManager.token, '/api/audit/auctions')).json()).toEqual([]);
    const lots: auditReplay.AuditLot[] = (await get(auditor.token, `/api/audit/auctions/${test.galaId}/lots`)).json();
    expect(lots.find((l) => l.id === lotId)?.eventCount).toBe(5);

    const exported = await get(auditor.token, `/api/audit/auctions/${test.galaId}/export`);
    expect(exported.statusCode).toBe(200);
    const file = exported.json() as AuditExport;
    expect(file.streams.find((s) => s.streamId === `lot-${lotId}`)?.events).toHaveLength(5);
    expect(verifyExport(file)).toMatchObject({ problems: [], checkpointFaults: [] });
  });

  it('lets the auction managers of the organisation and administrators read, and hides it from the rest', async () => {
    const lotId = await openLot(test);
    const urls = [
      `/api/audit/lots/${lotId}/replay`,
      `/api/audit/auctions/${test.galaId}/lots`,
      `/api/audit/auctions/${test.galaId}/export`,
    ];
    for (const url of urls) {
      expect((await get(staff.manager, url)).statusCode, url).toBe(200);
      expect((await get(staff.admin, url)).statusCode, url).toBe(200);
      // Another organisation's manager is told it does not exist; a bidder is refused outright.
      expect((await get(otherManager.token, url)).statusCode, url).toBe(404);
      expect((await get(alice.token, url)).statusCode, url).toBe(403);
    }
    expect((await get(alice.token, '/api/audit/auctions')).statusCode).toBe(403);
  });

  it("is granted in the members API, after which the new auditor reads the organisation's auctions", async () => {
    const gala = await test.database.db
      .selectFrom('auctions')
      .select('organization_id')
      .where('id', '=', test.galaId)
      .executeTakeFirstOrThrow();
    const person = await registerConfirmed(test);
    expect((await get(person.token, '/api/audit/auctions')).statusCode).toBe(403);
    const url = `/api/admin/organizations/${gala.organization_id}/members/${person.id}/roles/5`;
    const granted = await callAs(test.app, staff.manager, 'PUT', url);
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({ isMember: true, roles: expect.arrayContaining([5]) });
    // Roles are read from the token: a new session carries the new role.
    const session = await login(test.app, person.body.username, person.body.password);
    const auctions: auditReplay.AuditAuction[] = (await get(session.body.token, '/api/audit/auctions')).json();
    expect(auctions.map((a) => a.id)).toContain(test.galaId);
    expect((await callAs(test.app, staff.manager, 'DELETE', url)).statusCode).toBe(200);
  });

  it('refuses an auditor every change: the operator API, and bidding', async () => {
    const lotId = await openLot(test);
    const closeEarly = await callAs(test.app, auditor.token, 'POST', `/api/admin/lots/${lotId}/close-early`, {});
    expect(closeEarly.statusCode).toBe(403);
    const bidding = await callAs(test.app, auditor.token, 'POST', `/api/bids/auctionlotitem/${lotId}/bid`, {
      amount: 15,
    });
    expect([bidding.statusCode, bidding.json().message]).toEqual([403, 'auditors_cannot_bid']);
    expect((await test.app.eventStore.readStream(`lot-${lotId}`)).length).toBe(1);
  });
});
