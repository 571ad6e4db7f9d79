import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { PostgresEventStore } from '@auction/engine';
import { latestCheckpoints, publicKeyText } from '@auction/engine/audit';
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
});
