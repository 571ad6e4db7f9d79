import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectDb, type Db } from './db.ts';

/**
 * Test isolation: the test runner migrates one template database; every test file clones it into
 * a database of its own, so files run in parallel without seeing each other's rows.
 */
export interface TestDatabase {
  url: string;
  pool: pg.Pool;
  db: Db;
  drop(): Promise<void>;
}

function required(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: run the tests with \`npm test\`, which starts PostgreSQL and Redis.`);
  return value;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = required('TEST_PG_ADMIN_URL');
  const template = required('TEST_PG_TEMPLATE');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${admin.escapeIdentifier(template)}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const { pool, db } = connectDb(url.toString(), 20);
  return {
    url: url.toString(),
    pool,
    db,
    async drop() {
      await db.destroy();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export function testRedisUrl(): string {
  return required('TEST_REDIS_URL');
}

/** Keys and queues of one test file never meet another's. */
export function testPrefix(): string {
  return `t${randomBytes(4).toString('hex')}`;
}

/**
 * Stands for what a test file starts in its beforeAll (an app, a world): property reads go to the
 * value once `current()` has it, and throw before, where a top-level read would see undefined.
 */
export function startedHandle<T extends object>(current: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get(_handle, key) {
      const value = current();
      if (value === undefined) throw new Error(`${what} is not started yet (reading ${String(key)})`);
      return Reflect.get(value, key);
    },
  });
}
export { type GuestRow, insertBareAuction, insertGuests } from './bareAuction.ts';
export { eventually } from './eventually.ts';
export {
  type BenchServices,
  benchOption,
  benchSetup,
  percentileMs,
  roundMs,
  startBenchServices,
  timedReads,
} from './services/benchServices.ts';
