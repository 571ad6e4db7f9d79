import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { TestDatabase } from '@auction/platform/testing';
import { describe, expect, it } from 'vitest';
import { readHeads, takeCheckpoint, verifyLog } from '../../src/audit/auditLog.ts';
import type { ChainProblem, LoggedEvent } from '../../src/audit/chainCheck.ts';
import { publicKeyText, signCheckpoint } from '../../src/audit/checkpointSignature.ts';
import { eventHash } from '../../src/audit/eventHash.ts';
import { LOGGED_EVENT_COLUMNS, type LoggedEventRow, toLoggedEvent } from '../../src/audit/loggedEventRow.ts';
import type { PostgresEventStore } from '../../src/store/postgres/postgresEventStore.ts';
import { useEventStore } from '../store/useEventStore.ts';

let database: TestDatabase;
let store: PostgresEventStore;
const { privateKey } = generateKeyPairSync('ed25519');
const trustedKey = publicKeyText(privateKey);

useEventStore((started) => {
  ({ database, store } = started);
});

const bid = (i: number) => ({
  type: 'BidPlaced',
  data: { bidId: `b${i}`, bidderId: 'u1', amount: 1000 + i * 100, isAutoBid: false, isMaxBid: false },
  meta: { commandId: `c-${randomUUID()}`, userId: 'u1', at: Date.UTC(2026, 10, 23) + i },
});

/** Six events in three appends (two per statement), so links within and across appends are both hashed. */
async function writtenStream(): Promise<string> {
  const id = `lot-audit-${randomUUID()}`;
  for (let i = 0; i < 6; i += 2) await store.appendToStream(id, [bid(i + 1), bid(i + 2)], i);
  return id;
}

/** The verifier's finding for one stream (other tests' streams share the database). */
async function findingFor(streamId: string): Promise<ChainProblem | undefined> {
  const report = await verifyLog(database.pool, { trustedKey });
  expect(report.checkpointFaults).toEqual([]);
  return report.problems.find((p) => p.streamId === streamId);
}

const sql = (text: string, values: unknown[]) => database.pool.query(text, values);

describe('the audit verifier against tampering done directly in PostgreSQL', () => {
  it('finds nothing wrong with a log written by the store, and a checkpoint over it verifies', async () => {
    const id = await writtenStream();
    const checkpoint = await takeCheckpoint(database.pool, privateKey);
    expect(checkpoint.heads).toContainEqual(expect.objectContaining({ streamId: id, version: 6 }));
    const report = await verifyLog(database.pool, { trustedKey });
    expect(report.problems).toEqual([]);
    expect(report.checkpointFaults).toEqual([]);
    expect(report.events).toBeGreaterThanOrEqual(6);
  });

  it("names an edited event's data", async () => {
    const id = await writtenStream();
    await sql(`UPDATE events SET data = jsonb_set(data, '{amount}', '1') WHERE stream_id = $1 AND stream_version = 3`, [
      id,
    ]);
    expect(await findingFor(id)).toMatchObject({ kind: 'edited', streamId: id, streamVersion: 3 });
  });

  it('names a deleted event', async () => {
    const id = await writtenStream();
    await sql('DELETE FROM events WHERE stream_id = $1 AND stream_version = 2', [id]);
    expect(await findingFor(id)).toMatchObject({ kind: 'deleted', streamId: id, streamVersion: 2 });
  });

  it('names a forged event inserted at the end of a stream, with or without a made-up hash', async () => {
    const id = await writtenStream();
    const forged = bid(99);
    const insert = `INSERT INTO events (stream_id, stream_version, type, data, meta, command_id, command_seq, hash)
                    VALUES ($1, $2, $3, $4, $5, $6, 0, $7)`;
    await sql(insert, [id, 7, forged.type, forged.data, forged.meta, forged.meta.commandId, 'ab'.repeat(32)]);
    expect(await findingFor(id)).toMatchObject({ kind: 'inserted', streamId: id, streamVersion: 7 });

    const other = await writtenStream();
    await sql(
      `INSERT INTO events (stream_id, stream_version, type, data, meta, command_id, command_seq)
       VALUES ($1, 7, $2, $3, $4, $5, 0)`,
      [other, forged.type, forged.data, forged.meta, `${forged.meta.commandId}-2`],
    );
    expect(await findingFor(other)).toMatchObject({ kind: 'inserted', streamId: other, streamVersion: 7 });
  });

  it('names two events whose versions were swapped', async () => {
    const id = await writtenStream();
    await sql(
      `UPDATE events SET stream_version = CASE stream_version WHEN 3 THEN -4 ELSE -3 END
       WHERE stream_id = $1 AND stream_version IN (3, 4)`,
      [id],
    );
    await sql('UPDATE events SET stream_version = -stream_version WHERE stream_id = $1 AND stream_version < 0', [id]);
    expect(await findingFor(id)).toMatchObject({
      kind: 'reordered',
      streamId: id,
      streamVersion: 3,
      detail: 'it was written as version 4',
    });
  });

  it('names the events cut off the end of a stream after a checkpoint signed them', async () => {
    const id = await writtenStream();
    await takeCheckpoint(database.pool, privateKey);
    await sql('DELETE FROM events WHERE stream_id = $1 AND stream_version >= 5', [id]);
    expect(await findingFor(id)).toMatchObject({ kind: 'deleted', streamId: id, streamVersion: 5 });
  });

  it('does not sign history rewritten behind the store, hashes recomputed, and the verifier keeps naming it', async () => {
    const id = await writtenStream();
    const first = await takeCheckpoint(database.pool, privateKey);
    await store.appendToStream(id, [bid(7)], 6);
    // An edit at version 3, then every hash after it recomputed: no secret is needed for that.
    const { rows } = await sql(
      `SELECT ${LOGGED_EVENT_COLUMNS} FROM events WHERE stream_id = $1 ORDER BY stream_version`,
      [id],
    );
    const events = (rows as LoggedEventRow[]).map(toLoggedEvent);
    let previous = (events[1] as LoggedEvent).hash;
    for (const event of events.slice(2)) {
      const data = event.streamVersion === 3 ? { ...(event.data as object), amount: 1 } : event.data;
      previous = eventHash({ ...event, data }, previous);
      await sql('UPDATE events SET data = $3, hash = $4 WHERE stream_id = $1 AND stream_version = $2', [
        id,
        event.streamVersion,
        data,
        previous,
      ]);
    }
    const honest = await writtenStream();

    const next = await takeCheckpoint(database.pool, privateKey);
    expect(next.withheld).toContainEqual(expect.objectContaining({ kind: 'edited', streamId: id, streamVersion: 6 }));
    // Held at the head the previous checkpoint signed, while the streams that still extend theirs move on.
    const signedBefore = first.heads.find((head) => head.streamId === id);
    expect(next.heads.find((head) => head.streamId === id)).toEqual(signedBefore);
    expect(next.heads).toContainEqual(expect.objectContaining({ streamId: honest, version: 6 }));
    expect(next.withheld.map((problem) => problem.streamId)).not.toContain(honest);
    // Later checkpoints too: the rewrite never becomes what was signed.
    await writtenStream();
    const later = await takeCheckpoint(database.pool, privateKey);
    expect(later.heads.find((head) => head.streamId === id)).toEqual(signedBefore);
    expect(await findingFor(id)).toMatchObject({ kind: 'edited', streamId: id, streamVersion: 6 });

    // A checkpoint that did sign the rewrite (by a signer that did not check, before this rule):
    // the verifier holds the stream to every checked checkpoint's head, not only the newest.
    const careless = signCheckpoint(await readHeads(database.pool), privateKey, Date.now());
    const inserted = await sql(
      `INSERT INTO audit_checkpoints (root, stream_count, heads, signed_at, public_key, signature)
       VALUES ($1, $2, $3::jsonb, to_timestamp($4 / 1000.0), $5, $6) RETURNING id`,
      [
        careless.root,
        careless.streamCount,
        JSON.stringify(careless.heads.map((h) => [h.streamId, h.version, h.hash])),
        careless.signedAt,
        careless.publicKey,
        careless.signature,
      ],
    );
    expect(await findingFor(id)).toMatchObject({ kind: 'edited', streamId: id, streamVersion: 6 });
    await sql('DELETE FROM audit_checkpoints WHERE id = $1', [inserted.rows[0]?.id]);
  });

  it('reports a checkpoint whose root was changed, or that another key signed', async () => {
    await writtenStream();
    const checkpoint = await takeCheckpoint(database.pool, privateKey);
    await sql('UPDATE audit_checkpoints SET root = $2 WHERE id = $1', [checkpoint.id, 'cd'.repeat(32)]);
    const report = await verifyLog(database.pool, { trustedKey, checkpoints: 1 });
    expect(report.checkpointFaults).toEqual([`checkpoint ${checkpoint.id}: its heads do not give its root`]);

    const { privateKey: other } = generateKeyPairSync('ed25519');
    await writtenStream();
    const foreign = await takeCheckpoint(database.pool, other);
    const again = await verifyLog(database.pool, { trustedKey, checkpoints: 1 });
    expect(again.checkpointFaults).toEqual([`checkpoint ${foreign.id} is signed by another key than the audit key`]);
    await sql('DELETE FROM audit_checkpoints WHERE id IN ($1, $2)', [checkpoint.id, foreign.id]);
  });
});
