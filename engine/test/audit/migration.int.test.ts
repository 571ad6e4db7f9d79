import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@auction/platform/testing';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auditMigration from '../../../platform/src/migrations/0017_audit_log.ts';
import { verifyLog } from '../../src/audit/auditLog.ts';
import { PostgresEventStore } from '../../src/store/postgres/postgresEventStore.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe('the audit migration', () => {
  it('chains the events recorded before it exactly as the store chains new ones', async () => {
    const store = new PostgresEventStore(database.pool);
    const streams = [`lot-m-${randomUUID()}`, `lot-m-${randomUUID()}`];
    for (const [s, id] of streams.entries()) {
      for (let v = 0; v < 3; v++) {
        await store.appendToStream(
          id,
          [
            {
              type: 'BidPlaced',
              data: { amount: 100 * (v + 1), é: 'ü' },
              meta: { commandId: `${id}-${v}`, userId: null, at: s + v },
            },
          ],
          v,
        );
      }
    }
    const written = await database.pool.query('SELECT global_position, hash FROM events ORDER BY global_position');

    // As before the migration: no hash, no checkpoint table, a time to the microsecond.
    await auditMigration.down(database.db as unknown as Kysely<unknown>);
    await database.pool.query(`UPDATE events SET created_at = created_at + interval '0.4 milliseconds'`);
    await auditMigration.up(database.db as unknown as Kysely<unknown>);

    const chained = await database.pool.query('SELECT global_position, hash FROM events ORDER BY global_position');
    expect(chained.rows).toEqual(written.rows);
    const report = await verifyLog(database.pool);
    expect(report.problems).toEqual([]);
    expect(report.events).toBe(written.rows.length);
  });
});
