import { nickNameSkeleton } from '@auction/contract';
import { createTestDatabase, type TestDatabase } from '@auction/platform/testing';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../src/migrations/0039_nick_name_skeleton.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

/**
 * Accounts as they were before the migration: more than one page of them, a pair that only looks
 * alike (written before lookalikes were refused), and a name with a zero-width space (written
 * before hidden characters were).
 */
const NAMES = [
  ...Array.from({ length: 2500 }, (_, i) => `Bidder ${i}`),
  'Marie_L',
  'M\u0430ri\u0435_L',
  'Jean\u200bPhi',
];

describe('migration 0039', () => {
  it('fills the skeleton of every account already there, lookalike pairs included', async () => {
    const db = database.db as unknown as Kysely<unknown>;
    await down(db);
    await sql`
      INSERT INTO users (username, password_hash, nick_name)
      SELECT 'user' || n || '@example.org', 'x', name FROM unnest(${NAMES}::text[]) WITH ORDINALITY AS t(name, n)`.execute(
      db,
    );

    await up(db);

    const rows = await database.db.selectFrom('users').select(['nick_name', 'nick_name_skeleton']).execute();
    expect(rows).toHaveLength(NAMES.length);
    expect(rows.filter((row) => row.nick_name_skeleton !== nickNameSkeleton(row.nick_name))).toEqual([]);
    const marie = rows.filter((row) => row.nick_name_skeleton === 'marie_l');
    expect(marie.map((row) => row.nick_name).sort()).toEqual(['Marie_L', 'M\u0430ri\u0435_L'].sort());
    expect(rows.find((row) => row.nick_name === 'Jean\u200bPhi')?.nick_name_skeleton).toBe('jeanphi');
  });

  it('leaves the column required and indexed, without refusing the pairs already there', async () => {
    const column = await sql<{ is_nullable: string }>`
      SELECT is_nullable FROM information_schema.columns
      WHERE table_name = 'users' AND column_name = 'nick_name_skeleton'`.execute(database.db);
    expect(column.rows).toEqual([{ is_nullable: 'NO' }]);
    const index = await sql<{ indexdef: string }>`
      SELECT indexdef FROM pg_indexes WHERE tablename = 'users' AND indexname = 'users_nick_name_skeleton'`.execute(
      database.db,
    );
    expect(index.rows[0]?.indexdef).toMatch(/^CREATE INDEX .* \(nick_name_skeleton\)$/);
  });
});
