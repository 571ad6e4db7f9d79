import { nickNameSkeleton } from '@auction/contract';
import { type Kysely, sql } from 'kysely';

/**
 * Each account keeps its nickname's skeleton (what the name looks like, `nickNameSkeleton` in the
 * contract), so the unique-nickname check is one indexed lookup instead of reading every nickname
 * and computing every skeleton in the API at each check (over 100 ms for 20,000 accounts).
 *
 * The skeleton is JavaScript (Unicode's compatibility forms, the lookalike letters), which
 * PostgreSQL cannot compute, so the accounts already there are filled from here, a page at a time,
 * and every write of a nickname stores its skeleton beside it. NOT NULL once filled: a write that
 * forgets it fails instead of leaving an account no lookalike check can find. Migrations run in
 * one transaction, and ADD COLUMN holds the table's lock until it commits, so no account written
 * meanwhile by a process still running the previous version is left without one (after it, such a
 * process's registrations fail until it is replaced, rather than slip past the check).
 *
 * The index is not UNIQUE: accounts written before lookalikes were refused may already share a
 * skeleton (a Latin and a Cyrillic « Marie »), and neither of them can be renamed from here. The
 * API's advisory lock on the skeleton keeps two new lookalikes out, as it did before.
 */
const PAGE = 1000;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN nick_name_skeleton text`.execute(db);
  let after: string | null = null;
  for (;;) {
    const { rows } = await sql<{ id: string; nick_name: string }>`
      SELECT id, nick_name FROM users
      WHERE ${after === null ? sql`true` : sql`id > ${after}`}
      ORDER BY id LIMIT ${PAGE}`.execute(db);
    const last = rows.at(-1);
    if (!last) break;
    await sql`
      UPDATE users SET nick_name_skeleton = page.skeleton
      FROM unnest(${rows.map((row) => row.id)}::uuid[], ${rows.map((row) => nickNameSkeleton(row.nick_name))}::text[])
        AS page(id, skeleton)
      WHERE users.id = page.id`.execute(db);
    after = last.id;
  }
  await sql`ALTER TABLE users ALTER COLUMN nick_name_skeleton SET NOT NULL`.execute(db);
  await sql`CREATE INDEX users_nick_name_skeleton ON users (nick_name_skeleton)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN nick_name_skeleton`.execute(db);
}
