import { nickNameSkeleton } from '@auction/contract';
import { createDb, createPool, migrateToLatest } from '@auction/platform';
import { benchSetup, insertBareAuction, insertGuests, startBenchServices, timedReads } from '@auction/platform/testing';
import { type Kysely, sql } from 'kysely';
import { down, up } from '../../platform/src/migrations/0039_nick_name_skeleton.ts';
import { isNickNameFree } from '../src/accounts/userRepository.ts';

/**
 * `npm run -s bench:nicknames -- --accounts 20000 [--runs 50]`: what the unique-nickname check
 * costs with that many accounts (registration, the profile and the door's walk-ins run it, and
 * again under the skeleton's lock as they write), as the indexed lookup of the stored skeleton
 * (migration 0039) and as the scan it replaced (every nickname read and reduced to its skeleton
 * in the API); then the migration's fill of the column over those accounts. Starts its own
 * embedded PostgreSQL.
 */
const {
  counts: { accounts: ACCOUNTS, runs: RUNS },
  log,
} = benchSetup('nickname-bench', { accounts: 20_000, runs: 50 });

const services = await startBenchServices('nickname-bench');
const pool = createPool(services.postgres.url, 4);
try {
  const db = createDb(pool);
  await migrateToLatest(db);
  const { auctionId } = await insertBareAuction(db);
  const ids = await insertGuests(db, auctionId, ACCOUNTS, (i) => ({ user: { first_name: `Léa ${i}` } }));
  await sql`ANALYZE users`.execute(db);
  const taken = await db
    .selectFrom('users')
    .select('nick_name')
    .where('id', '=', ids.at(-1) as string)
    .executeTakeFirstOrThrow();
  // The same name with a Cyrillic capital Е for the Latin one: a lookalike the check must refuse.
  const lookalike = taken.nick_name.toUpperCase().replace('E', '\u0415');
  const self = ids[0] as string;

  /** The check as it was: every other account's nickname read and compared by skeleton here. */
  const scanned = async (nickName: string, exceptUserId?: string) => {
    const skeleton = nickNameSkeleton(nickName);
    let query = db.selectFrom('users').select('nick_name');
    if (exceptUserId) query = query.where('id', '!=', exceptUserId);
    return !(await query.execute()).some((row) => nickNameSkeleton(row.nick_name) === skeleton);
  };
  const checks: Record<string, () => Promise<boolean>> = {
    'stored skeleton, a free name': () => isNickNameFree(db, 'Nobody-Has-This-Name'),
    'stored skeleton, a lookalike of a taken one': () => isNickNameFree(db, lookalike),
    'stored skeleton, the profile (except self)': () => isNickNameFree(db, 'Nobody-Has-This-Name', self),
    'scan (before 0039), a free name': () => scanned('Nobody-Has-This-Name'),
    'scan (before 0039), the profile (except self)': () => scanned('Nobody-Has-This-Name', self),
  };
  log(`${ACCOUNTS} accounts, ${RUNS} runs a check`);
  const results: Record<string, { p50: number; p95: number; free: boolean }> = {};
  for (const [name, check] of Object.entries(checks)) {
    const { p50, p95, answer } = await timedReads(RUNS, check);
    results[name] = { p50, p95, free: answer };
  }
  console.table(results);

  const migrations = db as unknown as Kysely<unknown>;
  await down(migrations);
  const started = performance.now();
  await db.transaction().execute((trx) => up(trx as unknown as Kysely<unknown>));
  console.log(`migration 0039 filling ${ACCOUNTS} accounts: ${Math.round(performance.now() - started)} ms`);
} finally {
  await pool.end();
  await services.stop();
}
