import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, createPool, executePrepared } from '../src/index.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe('a kysely query run as a named statement', () => {
  it('answers what kysely would, and is prepared once per connection whatever its values', async () => {
    // One connection, so the statement it prepared is visible to the check below.
    const pool = createPool(database.url, 1);
    const db = createDb(pool);
    try {
      const query = (min: number) =>
        db
          .selectFrom(sql<{ n: number }>`(SELECT generate_series(1, 5) AS n)`.as('s'))
          .select('s.n')
          .where('s.n', '>=', min)
          .orderBy('s.n');
      expect(await executePrepared(pool, query(3))).toEqual(await query(3).execute());
      expect(await executePrepared(pool, query(4))).toEqual([{ n: 4 }, { n: 5 }]);
      const { rows } = await pool.query<{ prepared: string }>(
        `SELECT count(*) AS prepared FROM pg_prepared_statements WHERE name LIKE 'k\\_%'`,
      );
      expect(Number(rows[0]?.prepared)).toBe(1);
    } finally {
      await db.destroy();
    }
  });
});
