import { generateKeyPairSync } from 'node:crypto';
import type { BidReceipt } from '@auction/contract';
import { takeCheckpoint } from '@auction/engine/audit';
import { describe, expect, it } from 'vitest';
import { registerConfirmed } from '../../../accounts/accountFlows.ts';
import { acceptedBid, openLot } from '../../../fixtures/lots.ts';
import { useTestApp } from '../../../useTestApp.ts';

const test = useTestApp();

/** A bid of `amount` dollars on a fresh lot of the gala, and its answer's receipt. */
async function receiptOfBid(amount: number, isMax = false): Promise<{ lotId: number; receipt: BidReceipt }> {
  const lotId = await openLot(test, { type: 1, starting_bid: 1000 });
  const bidder = await registerConfirmed(test);
  const answer = await acceptedBid(test, lotId, bidder, amount, isMax);
  return { lotId, receipt: answer.json().receipt };
}

const verify = (receipt: unknown) =>
  test.app.inject({ method: 'POST', url: '/api/audit/receipts/verify', payload: receipt as object });

describe('bid receipts', () => {
  it('names the latest checkpoint (read at most every 10 s), and a max bid is receipted at its maximum', async () => {
    await takeCheckpoint(test.database.pool, generateKeyPairSync('ed25519').privateKey);
    const { receipt } = await receiptOfBid(80, true);
    expect(receipt.amountCents).toBe(8000);
    expect(receipt.checkpoint).toMatchObject({ id: expect.stringMatching(/^\d+$/), root: expect.any(String) });
    expect((await verify(receipt)).json().unchanged).toBe(true);
  });

  it("an accepted bid's answer carries a signed receipt of its event, which verifies unchanged", async () => {
    const { lotId, receipt } = await receiptOfBid(25);
    expect(receipt).toMatchObject({ lotId, streamVersion: 2, amountCents: 2500 });
    expect(receipt.eventHash).toMatch(/^[0-9a-f]{64}$/);
    const answer = await verify(receipt);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ found: true, unchanged: true, mismatches: [], message: 'bid_receipt_verified' });

    const query = await test.app.inject({
      method: 'GET',
      url: `/api/audit/receipts/verify?receipt=${encodeURIComponent(JSON.stringify(receipt))}`,
    });
    expect(query.json()).toMatchObject({ unchanged: true, message: 'bid_receipt_verified' });
  });

  it("a receipt not signed by the platform is invalid, whatever its fields: no guess of another's maximum is confirmed", async () => {
    const { receipt } = await receiptOfBid(30, true);
    const invalid = { found: false, unchanged: false, mismatches: [], message: 'bid_receipt_invalid' };
    // The true maximum and a wrong one, a known and an unknown version, under a forged signature:
    // all answer alike, so the log tells a guesser nothing.
    for (const forged of [
      { ...receipt, signature: 'x' },
      { ...receipt, amountCents: 3 },
      { ...receipt, amountCents: 3100, signature: 'x' },
      { ...receipt, streamVersion: 9999, signature: 'x' },
      // The true signature spelt otherwise (characters the decoder skips, its padding dropped):
      // a receipt has one signature text.
      { ...receipt, signature: `${receipt.signature}!!**` },
      { ...receipt, signature: receipt.signature.replace(/=+$/, '') },
    ]) {
      const answer = await verify(forged);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(invalid);
    }
  });

  it('a bid edited in the database after its receipt is a mismatch of the chain and the amount', async () => {
    const { lotId, receipt } = await receiptOfBid(40);
    await test.database.pool.query(
      `UPDATE events SET data = jsonb_set(data, '{amount}', '4100') WHERE stream_id = $1 AND stream_version = $2`,
      [`lot-${lotId}`, receipt.streamVersion],
    );
    expect((await verify(receipt)).json()).toMatchObject({ unchanged: false, mismatches: ['chain', 'amountCents'] });
  });

  it('a signed receipt whose bid is gone from the log is not found; a malformed receipt is refused with 400 and no verdict', async () => {
    const { lotId, receipt } = await receiptOfBid(20);
    await test.database.pool.query('DELETE FROM events WHERE stream_id = $1 AND stream_version = $2', [
      `lot-${lotId}`,
      receipt.streamVersion,
    ]);
    expect((await verify(receipt)).json()).toEqual({
      found: false,
      unchanged: false,
      mismatches: [],
      message: 'bid_receipt_not_found',
    });
    const malformed = await verify({ ...receipt, eventHash: 'not a hash' });
    expect(malformed.statusCode).toBe(400);
    const notJson = await test.app.inject({ method: 'GET', url: '/api/audit/receipts/verify?receipt=%7Bnope' });
    expect(notJson.statusCode).toBe(400);
  });
});
