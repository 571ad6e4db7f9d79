import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { PostgresEventStore } from '@auction/engine';
import { latestCheckpoints, publicKeyText } from '@auction/engine/audit';
import { auditStreamsWithheld } from '@auction/platform/metrics';
import { createTestDatabase, type TestDatabase, testPrefix, testRedisUrl } from '@auction/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCheckpointWorker } from '../../src/audit/checkpointWorker.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

async function until<T>(read: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the checkpoint job', () => {
  it('signs the heads of every stream periodically with the audit key, and not again while nothing changes', async () => {
    const streamId = `lot-${randomUUID()}`;
    await new PostgresEventStore(database.pool).appendToStream(
      streamId,
      [{ type: 'LotHidden', data: {}, meta: { commandId: randomUUID(), userId: null, at: 0 } }],
      0,
    );
    const { privateKey } = generateKeyPairSync('ed25519');
    const worker = startCheckpointWorker({
      pool: database.pool,
      connection: { url: testRedisUrl() },
      prefix: testPrefix(),
      key: privateKey,
      everyMs: 300,
    });
    try {
      const first = await until(async () => (await latestCheckpoints(database.pool))[0]);
      expect(first.publicKey).toBe(publicKeyText(privateKey));
      expect(first.heads).toContainEqual(expect.objectContaining({ streamId, version: 1 }));
      await new Promise((r) => setTimeout(r, 1000));
      expect((await latestCheckpoints(database.pool, 10)).map((c) => c.id)).toEqual([first.id]);
    } finally {
      await worker.stop();
    }
  });

  it('raises the alarm, in its log and its gauge, for a stream rewritten since it was signed, and does not sign it', async () => {
    const store = new PostgresEventStore(database.pool);
    const streamId = `lot-${randomUUID()}`;
    const hidden = () => ({ type: 'LotHidden', data: {}, meta: { commandId: randomUUID(), userId: null, at: 0 } });
    await store.appendToStream(streamId, [hidden()], 0);
    const { privateKey } = generateKeyPairSync('ed25519');
    const lines: string[] = [];
    const options = { pool: database.pool, connection: { url: testRedisUrl() }, key: privateKey, everyMs: 300 };
    const signer = startCheckpointWorker({ ...options, prefix: testPrefix(), log: (line) => lines.push(line) });
    try {
      const signed = await until(async () =>
        (await latestCheckpoints(database.pool))[0]?.heads.find((head) => head.streamId === streamId),
      );
      await store.appendToStream(streamId, [hidden()], 1);
      // Version 1 rewritten behind the store, its hash recomputed as anyone can.
      await database.pool.query(`UPDATE events SET hash = $2 WHERE stream_id = $1 AND stream_version = 1`, [
        streamId,
        'ef'.repeat(32),
      ]);
      const alarm = await until(async () => lines.find((line) => line.includes(streamId)));
      expect(alarm).toMatch(/^ALARM audit log: stream .* left at its last signed head: edited at version 1/);
      expect((await auditStreamsWithheld.get()).values[0]?.value).toBeGreaterThanOrEqual(1);
      expect((await latestCheckpoints(database.pool))[0]?.heads.find((head) => head.streamId === streamId)).toEqual(
        signed,
      );
    } finally {
      await signer.stop();
    }
  });
});
