import { generateKeyPairSync } from 'node:crypto';
import { type AuditExport, takeCheckpoint, verifyExport } from '@auction/engine/audit';
import { describe, expect, it } from 'vitest';
import { bearer, login, registerConfirmed } from '../../../accounts/accountFlows.ts';
import { acceptedBid, openLot } from '../../../fixtures/lots.ts';
import { useTestApp } from '../../../useTestApp.ts';

const test = useTestApp();

const exportOf = (auctionId: number, headers: Record<string, string>) =>
  test.app.inject({ method: 'GET', url: `/api/audit/auctions/${auctionId}/export`, headers });

describe("an auction's audit export", () => {
  it('gives an administrator every event of every lot with hashes, verifiable offline', async () => {
    const lotId = await openLot(test, { type: 1, starting_bid: 1000 });
    const bidder = await registerConfirmed(test);
    const bid = await acceptedBid(test, lotId, bidder, 15);
    const admin = bearer((await login(test.app, 'admin@demo.local', 'Demo-Admin-2026!')).body.token);

    const answer = await exportOf(test.galaId, admin);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toContain(`auction-${test.galaId}-audit.json`);
    const file = answer.json() as AuditExport;
    const lot = file.streams.find((s) => s.streamId === `lot-${lotId}`);
    expect(lot?.events.map((e) => e.type)).toEqual(['LotOpened', 'BidPlaced']);
    expect(lot?.events[1]?.hash).toBe(bid.json().receipt.eventHash);
    expect(verifyExport(file)).toMatchObject({ problems: [], checkpointFaults: [] });
  });

  it('keeps a lot whose events were all deleted after a checkpoint signed them, and the check names it', async () => {
    const lotId = await openLot(test, { type: 1, starting_bid: 1000 });
    await acceptedBid(test, lotId, await registerConfirmed(test), 12);
    await takeCheckpoint(test.database.pool, generateKeyPairSync('ed25519').privateKey);
    await test.database.pool.query('DELETE FROM events WHERE stream_id = $1', [`lot-${lotId}`]);
    const admin = bearer((await login(test.app, 'admin@demo.local', 'Demo-Admin-2026!')).body.token);

    const file = (await exportOf(test.galaId, admin)).json() as AuditExport;
    expect(file.streams.find((s) => s.streamId === `lot-${lotId}`)).toEqual({ streamId: `lot-${lotId}`, events: [] });
    expect(verifyExport(file).problems).toContainEqual(
      expect.objectContaining({ kind: 'deleted', streamId: `lot-${lotId}`, streamVersion: 1 }),
    );
  });

  it('is refused to a bidder, and an unknown auction is not found', async () => {
    const bidder = await registerConfirmed(test);
    expect((await exportOf(test.galaId, bearer(bidder.token))).statusCode).toBe(403);
    const admin = bearer((await login(test.app, 'admin@demo.local', 'Demo-Admin-2026!')).body.token);
    expect((await exportOf(2_000_000_000, admin)).statusCode).toBe(404);
  });
});
